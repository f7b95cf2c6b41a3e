#pragma once
// The one way mlsi reads a file (a .mls file, an import, a catalogue, --inputs, `fmt`, `:load`): a
// regular file outside /proc, /sys and /dev, at most a limit of bytes, with every failure (a missing
// file, a directory, a FIFO, a device, a read error) a value the caller turns into its diagnostic.
#include <cstddef>
#include <istream>
#include <optional>
#include <string>
#include <string_view>

namespace mlsi {

struct ReadError {
  enum class Kind {
    missing,      // no such file
    directory,    // a folder
    not_regular,  // a device, a FIFO, a socket
    system_file,  // under /proc, /sys or /dev (by its canonical path): the kernel's files, not data
    too_large,    // more than the limit
    unreadable,   // cannot be opened or read (permissions, EIO)
  };
  Kind kind = Kind::unreadable;
  std::string reason;     // for unreadable: the system's words ("Permission denied", "Input/output error")
  std::size_t size = 0;   // for too_large: the file's size when known (0: not known, as for a stream)
  std::size_t limit = 0;  // for too_large
};

struct ReadResult {
  std::string text;
  std::optional<ReadError> error;
  explicit operator bool() const { return !error; }
};

// Reads the regular file at `path` whole, or fails if it has more than `max_bytes`. Never blocks on a
// FIFO or a terminal, never reads more than max_bytes + 1 bytes.
ReadResult read_regular_file(const std::string& path, std::size_t max_bytes);

// The reading part of read_regular_file, on a descriptor already checked (a test gives it one that
// fails, as a disk does with EIO). `expected`: the size fstat gave, if known (it sizes the first read).
ReadResult read_open_file(int fd, std::size_t max_bytes, std::size_t expected = 0);

// Reads a stream to its end (standard input for `fmt -`), or fails once more than `max_bytes` came.
ReadResult read_stream(std::istream& in, std::size_t max_bytes);

// The message for `error` about the file shown as `shown`; `what` names it when it is not a .mls file
// ("catalogue file", "inputs file"): "cannot find catalogue file `x.toml`", "`x.toml` is a directory".
std::string describe(const ReadError& error, std::string_view shown, std::string_view what = "file");

// Whether a canonical absolute path is under /proc, /sys or /dev.
bool is_system_path(std::string_view canonical);

}  // namespace mlsi
