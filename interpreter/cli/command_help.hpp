#pragma once
// The help of `mlsi`, written from the verb table (verbs/verb_table.hpp: each verb's usage, what it does,
// its options): `mlsi --help` and `mlsi COMMAND --help` (`mlsi help COMMAND`), and the list of commands.
#include <string>
#include <vector>

namespace mlsi {

struct OptionHelp {
  std::string name;  // with its value, as typed: `--sort FIELD|-FIELD`
  std::string help;  // one line
  std::string flag;  // the option table's flag: `--sort`
};

struct CommandHelp {
  std::string name;                 // `run`
  std::string usage;                // after `mlsi `: `run FILE|NAME [options]`
  std::string summary;              // what it does
  std::vector<OptionHelp> options;  // its own options
  bool run_options = false;         // takes the run options (run, sweep, plot)
};

// Every command, in the order `mlsi --help` lists them.
const std::vector<CommandHelp>& command_helps();
// The options of `run`, `sweep` and `plot`; the options of every command.
const std::vector<OptionHelp>& run_option_helps();
const std::vector<OptionHelp>& common_option_helps();
// The command of that name, or null.
const CommandHelp* find_command_help(const std::string& name);
// The names of the commands.
std::vector<std::string> command_names();

// `mlsi --help`: every command's usage and summary, then the run and the common options.
std::string overview_help();
// `mlsi COMMAND --help`: its usage, what it does, and each of its options on a line.
std::string command_help(const CommandHelp& command);

}  // namespace mlsi
