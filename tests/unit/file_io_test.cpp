// Reading and writing files (issue #16, items 9, 12, 16, 17).
//
// - Every file a command reads, however it is named (FILE, import, --catalog, MLSI_PATH, --inputs, fmt,
//   :load), is a regular file outside /proc, /sys and /dev: a FIFO is refused without blocking, a
//   symbolic link into /proc is refused by its canonical path.
// - At most --max-file-size + 1 bytes are read, from a file or from standard input (`fmt -`).
// - A read error is an error, not an empty file.
// - Output that cannot be written (standard output, -o FILE) is an error with exit status 2, and a sweep
//   stops once its output fails.
// The goldens tests/golden/imports/import_proc_environ.mls and tests/golden/usage/{check_proc_mem,
// inputs_directory,inputs_device,fmt_device,catalog_proc_file}.mls cover the files that can be named
// directly; this file makes the others.
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <streambuf>

#include "cli/cli.hpp"
#include "commands/run_setup.hpp"
#include "source/file_reader.hpp"
#include "verbs/command_line.hpp"
#include "sweep/sweep.hpp"
#include "tests/unit/cli_harness.hpp"
#include "tests/unit/test_support.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>  // after the interpreter headers: <signal.h> defines a macro `si_value`

namespace fs = std::filesystem;

namespace {

using mlsi_test::mlsi_here;
using mlsi_test::Result;

// The test's scratch folder, which can also hold FIFOs and symbolic links.
struct FileIoScratch : mlsi_test::ScratchDir {
  FileIoScratch() : ScratchDir("mlsi_file_io_test") {}
  std::string fifo(const std::string& name) const {
    fs::path p = dir / name;
    EXPECT_EQ(::mkfifo(p.c_str(), 0600), 0) << std::strerror(errno);
    return p.string();
  }
  std::string link(const std::string& name, const std::string& target) const {
    fs::path p = dir / name;
    fs::create_symlink(target, p);
    return p.string();
  }
};

// A .mls path as messages show it (docs/language.md: relative to the working folder when that is shorter),
// which depends on where the build folder is (a checkout under /tmp is next to the scratch folders).
std::string as_shown(const std::string& path) {
  std::error_code ec;
  std::string relative = fs::proximate(path, ec).string();
  return !ec && relative.size() < path.size() ? relative : path;
}

const char* kBatchScenario = "scenario S {\n  input batch: Count = 1\n  output x = batch\n}\n";

// An endless stream of zero bytes (`fmt - < /dev/zero`), one byte at a time so that it counts exactly how
// many were taken.
class Zeros : public std::streambuf {
 public:
  std::size_t taken = 0;

 protected:
  int_type underflow() override {
    zero_ = '\0';
    setg(&zero_, &zero_, &zero_ + 1);
    ++taken;
    return traits_type::to_int_type(zero_);
  }

 private:
  char zero_ = '\0';
};

// Accepts `capacity` bytes, then fails every write, as a full disk does.
class FullDisk : public std::streambuf {
 public:
  explicit FullDisk(std::size_t capacity) : capacity_(capacity) {}
  std::string kept;

 protected:
  int_type overflow(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    if (kept.size() >= capacity_) return traits_type::eof();
    kept += traits_type::to_char_type(c);
    return c;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    auto room = static_cast<std::streamsize>(capacity_ - std::min(capacity_, kept.size()));
    auto taken = std::min(n, room);
    kept.append(s, static_cast<std::size_t>(taken));
    return taken;
  }

 private:
  std::size_t capacity_;
};

Result mlsi_to(std::streambuf& sink, const std::vector<std::string>& args, std::istream* in = nullptr) {
  std::ostream out(&sink);
  std::ostringstream err;
  Result r;
  r.status = mlsi::run_cli(args, mlsi::CliStreams{out, err, false, in, false});
  r.err = err.str();
  return r;
}

// ---- reading --------------------------------------------------------------------------------------

TEST(FileReader, FifoIsRefusedWithoutBlocking) {
  // No writer ever opens these FIFOs: a reader that opened one without O_NONBLOCK would wait forever.
  FileIoScratch s;
  std::string mls = s.fifo("pipe.mls"), toml = s.fifo("pipe.toml");
  auto read = mlsi::read_regular_file(mls, 1000);
  ASSERT_TRUE(read.error.has_value());
  EXPECT_EQ(read.error->kind, mlsi::ReadError::Kind::not_regular);

  auto r = mlsi_here({"check", mls});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "error: `" + as_shown(mls) + "` is not a regular file\n");
  r = mlsi_here({"check", s.write("imports.mls", "import \"pipe.mls\"\n")});
  EXPECT_EQ(r.status, 3);
  EXPECT_CONTAINS(r.err, "imports.mls:1:1: error: `" + as_shown(mls) + "` is not a regular file");
  std::string file = s.write("s.mls", kBatchScenario);
  r = mlsi_here({"run", file, "--catalog", toml});
  EXPECT_EQ(r.status, 2);  // a file the command line names, as FILE and --inputs (language.md §16)
  EXPECT_EQ(r.err, "error: catalogue file `" + toml + "` is not a regular file\n");
  r = mlsi_here({"run", file, "--inputs", toml});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "error: inputs file `" + toml + "` is not a regular file\n");
  r = mlsi_here({"fmt", mls});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "error: `" + mls + "` is not a regular file\n");
  std::istringstream script(":load " + mls + "\n");
  r = mlsi_here({"repl"}, &script);
  EXPECT_EQ(r.status, 1);
  EXPECT_CONTAINS(r.err, "error: `" + as_shown(mls) + "` is not a regular file");

  // A FIFO named *.toml in a folder of MLSI_PATH is one of its catalogue files.
  ASSERT_EQ(::setenv("MLSI_PATH", s.dir.c_str(), 1), 0);
  r = mlsi_here({"run", file});
  ::unsetenv("MLSI_PATH");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "error: catalogue file `" + toml + "` is not a regular file\n");
}

TEST(FileReader, SymbolicLinksIntoSystemFoldersAreRefused) {
  // By canonical path: a link named like a .mls file is still /proc/self/environ, whose NUL-separated
  // text is the whole environment.
  FileIoScratch s;
  std::string environ_link = s.link("environ.mls", "/proc/self/environ");
  std::string zero_link = s.link("zero.toml", "/dev/zero");
  auto r = mlsi_here({"check", s.write("imports.mls", "import \"environ.mls\"\n")});
  EXPECT_EQ(r.status, 3);
  // (The import is shown by where it leads, relative to the working folder: `../../proc/PID/environ`.)
  EXPECT_CONTAINS(r.err, "imports.mls:1:1: error: `");
  EXPECT_CONTAINS(r.err, "environ` is a system file (under /proc, /sys or /dev), which mlsi does not read");
  EXPECT_EQ(r.err.find("PATH="), std::string::npos) << r.err;
  r = mlsi_here({"run", s.write("s.mls", kBatchScenario), "--catalog", zero_link});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "error: catalogue file `" + zero_link + "` is a system file (under /proc, /sys or /dev), which mlsi does not read\n");
  EXPECT_TRUE(mlsi::is_system_path("/proc"));
  EXPECT_TRUE(mlsi::is_system_path("/sys/kernel/notes"));
  EXPECT_TRUE(mlsi::is_system_path("/dev/fd/0"));
  EXPECT_FALSE(mlsi::is_system_path("/devices/x.mls"));
  EXPECT_FALSE(mlsi::is_system_path("/home/proc/x.mls"));
}

TEST(FileReader, BinaryContentIsNotQuoted) {
  // A file with the shape of /proc/self/environ: NUL-separated text on one line. The NUL-byte message
  // shows where, and nothing of the line.
  FileIoScratch s;
  std::string env = s.write("env.mls", std::string("HOME=/root\0SECRET=hunter2\0", 26));
  auto r = mlsi_here({"check", s.write("imports.mls", "import \"env.mls\"\n")});
  EXPECT_EQ(r.status, 3);
  EXPECT_EQ(r.err, as_shown(env) + ":1:11: error: a NUL byte (0x00) is not allowed in source text\n");
}

TEST(FileReader, ReadErrorIsAnError) {
  // A descriptor that cannot be read (open for writing only: EBADF), as /proc/self/mem fails with EIO.
  FileIoScratch s;
  std::string path = s.write("x.mls", "let x = 1\n");
  int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  ASSERT_GE(fd, 0);
  auto read = mlsi::read_open_file(fd, 1000);
  ::close(fd);
  ASSERT_TRUE(read.error.has_value());
  EXPECT_EQ(read.error->kind, mlsi::ReadError::Kind::unreadable);
  EXPECT_EQ(mlsi::describe(*read.error, "x.mls"), std::string("cannot read file `x.mls`: ") + std::strerror(EBADF));
  EXPECT_EQ(read.text, "");
}

TEST(FileReader, AtMostTheLimit) {
  // 100 bytes: read with a limit of 100, refused with 99 (its size known from fstat, before reading).
  FileIoScratch s;
  std::string path = s.write("hundred.mls", std::string(99, '#') + "\n");
  auto read = mlsi::read_regular_file(path, 100);
  ASSERT_FALSE(read.error.has_value());
  EXPECT_EQ(read.text.size(), 100u);
  read = mlsi::read_regular_file(path, 99);
  ASSERT_TRUE(read.error.has_value());
  EXPECT_EQ(mlsi::describe(*read.error, "hundred.mls"), "`hundred.mls` is 100 bytes, more than the limit of 99");
}

TEST(FileReader, StandardInputObeysTheLimit) {
  // `fmt - < /dev/zero`: exactly limit + 1 bytes are taken (the one more tells "too large"), then an error.
  Zeros zeros;
  std::istream in(&zeros);
  auto r = mlsi_here({"fmt", "-", "--max-file-size", "1000"}, &in);
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "error: `<stdin>` is more than the limit of 1000 bytes\n");
  EXPECT_EQ(zeros.taken, 1001u);
}

// ---- writing --------------------------------------------------------------------------------------

TEST(WriteErrors, FailedStandardOutputIsAnError) {
  FileIoScratch s;
  std::string file = s.write("s.mls", kBatchScenario);
  std::istringstream script("1 + 1\n");
  const std::vector<std::vector<std::string>> commands = {
      {"run", file},
      {"sweep", file, "--vary", "batch=1,2,3"},
      {"list", "hardware"},
      {"doc", file},
      {"check", file},
      {"repl"},
      {"--help"},
  };
  for (const auto& args : commands) {
    // Nothing fits, then only the first 10 bytes: both fail, whether at the first write or later.
    for (std::size_t capacity : {0, 10}) {
      FullDisk disk(capacity);
      script.clear();
      script.seekg(0);
      auto r = mlsi_to(disk, args, &script);
      EXPECT_EQ(r.status, 2) << args[0] << " " << capacity;
      EXPECT_CONTAINS(r.err, "error: cannot write to standard output");
    }
  }
}

TEST(WriteErrors, SweepStopsOnceTheOutputFails) {
  // 100,000 points; stopped after the first, the sweep ends with the block of 256 it was in.
  FileIoScratch s;
  std::string file = s.write("s.mls", kBatchScenario);
  mlsi::VerbRequest o;
  auto refused = mlsi::read_command_line({"sweep", file, "--vary", "batch=1..100000 step 1"}, o);
  ASSERT_FALSE(refused.has_value()) << *refused;
  for (bool stop : {false, true}) {
    mlsi::Sweep sweep(mlsi::sweep_request(o, {{o.varies[0], mlsi::VaryOptions{}}}));
    mlsi::Outcome prepared = sweep.prepare();
    ASSERT_TRUE(prepared.ok()) << prepared.message;
    std::size_t points = 0;
    sweep.run(1, 1, [&](std::size_t, const std::vector<mlsi::PointCell>&, const std::string&) { ++points; },
              [&] { return stop && points > 0; });
    EXPECT_EQ(points, stop ? mlsi::SweepProgram::kBlock : 100000u);
  }
}

TEST(WriteErrors, FailedOutputFileIsAnError) {
  // /dev/full: every write fails with ENOSPC.
  FileIoScratch s;
  std::string file = s.write("s.mls", kBatchScenario);
  std::string reason = std::strerror(ENOSPC);
  auto r = mlsi_here({"doc", file, "-o", "/dev/full"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "error: cannot write to `/dev/full`: " + reason + "\n");
  r = mlsi_here({"plot", file, "--x", "batch=1,2", "-o", "/dev/full"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "error: cannot write to `/dev/full`: " + reason + "\n");
  r = mlsi_here({"sweep", file, "--vary", "batch=1,2", "--plot", "/dev/full"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "error: cannot write to `/dev/full`: " + reason + "\n");
  r = mlsi_here({"doc", file, "-o", (s.dir / "no_such_folder" / "x.md").string()});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "error: cannot write to `" + (s.dir / "no_such_folder" / "x.md").string() + "`: " + std::strerror(ENOENT) + "\n");
}

}  // namespace
