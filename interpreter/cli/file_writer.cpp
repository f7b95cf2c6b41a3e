#include "cli/file_writer.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <fmt/format.h>

#include <cerrno>
#include <cstring>

namespace mlsi {

std::optional<std::string> write_file(const std::string& path, std::string_view text) {
  auto failed = [&](int error) { return fmt::format("cannot write to `{}`: {}", path, std::strerror(error)); };
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOCTTY, 0666);
  if (fd < 0) return failed(errno);
  while (!text.empty()) {
    ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      int error = n < 0 ? errno : EIO;
      ::close(fd);
      return failed(error);
    }
    text.remove_prefix(static_cast<std::size_t>(n));
  }
  // close() reports what a file system could only tell when the data left (NFS, a quota).
  if (::close(fd) != 0) return failed(errno);
  return std::nullopt;
}

}  // namespace mlsi
