#include "source/file_reader.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/vfs.h>
#endif

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "base/descriptor.hpp"

namespace mlsi {

namespace {

namespace fs = std::filesystem;

ReadResult failure(ReadError::Kind kind, std::string reason = {}) {
  ReadResult r;
  r.error = ReadError{kind, std::move(reason), 0, 0};
  return r;
}

ReadResult too_large(std::size_t size, std::size_t limit) {
  ReadResult r;
  r.error = ReadError{ReadError::Kind::too_large, {}, size, limit};
  return r;
}

// Whether the descriptor is on the kernel's own file systems (procfs, sysfs): their files claim to be
// regular but are views of the machine (/proc/self/environ) or never end (/proc/kmsg). Checked on the
// opened file as well as by path, so that another mount point of them is refused too.
bool on_system_file_system(int fd) {
#if defined(__linux__)
  constexpr long kProcMagic = 0x9fa0;      // PROC_SUPER_MAGIC
  constexpr long kSysfsMagic = 0x62656572;  // SYSFS_MAGIC
  struct statfs info {};
  if (::fstatfs(fd, &info) != 0) return false;
  auto type = static_cast<long>(info.f_type);
  return type == kProcMagic || type == kSysfsMagic;
#else
  (void)fd;
  return false;
#endif
}

}  // namespace

bool is_system_path(std::string_view canonical) {
  for (std::string_view root : {"/proc", "/sys", "/dev"})
    if (canonical.starts_with(root) && (canonical.size() == root.size() || canonical[root.size()] == '/')) return true;
  return false;
}

ReadResult read_regular_file(const std::string& path, std::size_t max_bytes) {
  // By canonical path first, so that a symbolic link into /proc (or /dev/stdin, /dev/fd/N) is refused
  // before anything is opened.
  std::error_code ec;
  fs::path absolute = fs::absolute(path, ec);
  if (!ec) {
    fs::path canonical = fs::weakly_canonical(absolute, ec);
    if (!ec && is_system_path(canonical.string())) return failure(ReadError::Kind::system_file);
  }
  // O_NONBLOCK: opening a FIFO does not wait for a writer; O_NOCTTY: a terminal does not become ours.
  Descriptor fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
  if (fd.get() < 0) {
    int e = errno;
    if (e == ENOENT || e == ENOTDIR) return failure(ReadError::Kind::missing);
    if (e == EISDIR) return failure(ReadError::Kind::directory);
    return failure(ReadError::Kind::unreadable, std::strerror(e));
  }
  // The opened file is checked, not the path, so that it cannot change in between.
  struct stat info {};
  if (::fstat(fd.get(), &info) != 0) return failure(ReadError::Kind::unreadable, std::strerror(errno));
  if (S_ISDIR(info.st_mode)) return failure(ReadError::Kind::directory);
  if (!S_ISREG(info.st_mode)) return failure(ReadError::Kind::not_regular);
  if (on_system_file_system(fd.get())) return failure(ReadError::Kind::system_file);
  if (info.st_size > 0 && static_cast<std::uintmax_t>(info.st_size) > max_bytes)
    return too_large(static_cast<std::size_t>(info.st_size), max_bytes);
  return read_open_file(fd.get(), max_bytes, static_cast<std::size_t>(std::max<off_t>(info.st_size, 0)));
}

// Reads at most max_bytes + 1 bytes (one more tells "too large"): a file may grow after fstat.
ReadResult read_open_file(int fd, std::size_t max_bytes, std::size_t expected) {
  ReadResult r;
  constexpr std::size_t kChunk = 64 * 1024;
  constexpr std::size_t kProbe = 256;
  std::size_t wanted = max_bytes + 1;
  // Room is zeroed before it is read into: the expected size and one byte first, and after a read
  // that came short (the end, for a file that did not grow), a small probe rather than a whole chunk.
  std::size_t next = expected > 0 ? expected + 1 : kChunk;
  while (r.text.size() < wanted) {
    std::size_t at = r.text.size();
    std::size_t n = std::min(next, wanted - at);
    r.text.resize(at + n);
    ssize_t got = ::read(fd, r.text.data() + at, n);
    if (got < 0) {
      r.text.resize(at);
      if (errno == EINTR) continue;
      return failure(ReadError::Kind::unreadable, std::strerror(errno));
    }
    r.text.resize(at + static_cast<std::size_t>(got));
    if (got == 0) break;
    next = static_cast<std::size_t>(got) < n ? kProbe : kChunk;
  }
  if (r.text.size() > max_bytes) return too_large(0, max_bytes);
  return r;
}

ReadResult read_stream(std::istream& in, std::size_t max_bytes) {
  ReadResult r;
  constexpr std::size_t kChunk = 64 * 1024;
  std::size_t wanted = max_bytes + 1;
  while (r.text.size() < wanted && in) {
    std::size_t at = r.text.size();
    std::size_t n = std::min(kChunk, wanted - at);
    r.text.resize(at + n);
    in.read(r.text.data() + at, static_cast<std::streamsize>(n));
    r.text.resize(at + static_cast<std::size_t>(in.gcount()));
  }
  if (in.bad()) return failure(ReadError::Kind::unreadable, "read error");
  if (r.text.size() > max_bytes) return too_large(0, max_bytes);
  return r;
}

std::string describe(const ReadError& error, std::string_view shown, std::string_view what) {
  // Messages that start with the name say what it is unless it is the plain .mls file.
  std::string named = what == "file" ? fmt::format("`{}`", shown) : fmt::format("{} `{}`", what, shown);
  switch (error.kind) {
    case ReadError::Kind::missing: return fmt::format("cannot find {} `{}`", what, shown);
    case ReadError::Kind::directory: return what == "file" ? fmt::format("{} is a directory, not a .mls file", named) : fmt::format("{} is a directory", named);
    case ReadError::Kind::not_regular: return fmt::format("{} is not a regular file", named);
    case ReadError::Kind::system_file:
      return fmt::format("{} is a system file (under /proc, /sys or /dev), which mlsi does not read", named);
    case ReadError::Kind::too_large:
      if (error.size > 0) return fmt::format("{} is {} bytes, more than the limit of {}", named, error.size, error.limit);
      return fmt::format("{} is more than the limit of {} bytes", named, error.limit);
    case ReadError::Kind::unreadable: return fmt::format("cannot read {} `{}`: {}", what, shown, error.reason);
  }
  return fmt::format("cannot read {} `{}`", what, shown);
}

}  // namespace mlsi
