#include "cli/file_writer.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include <cerrno>
#include <cstring>

#include "base/descriptor.hpp"

namespace mlsi {

namespace {

// Writes all of `text`; 0, or the reason (ENOSPC, EFBIG past `ulimit -f` with SIGXFSZ ignored, EIO).
int write_all(int fd, std::string_view text) {
  while (!text.empty()) {
    ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return n < 0 ? errno : EIO;
    text.remove_prefix(static_cast<std::size_t>(n));
  }
  return 0;
}

// The file a write to `path` reaches: symbolic links followed (a relative target from the link's
// folder), at most 40 of them as the kernel does. A link to nothing names the file to create.
struct Target {
  std::string path;
  bool exists = false;
  struct stat status {};
  int error = 0;
};

std::string folder_of(const std::string& path) {
  auto slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

Target target_of(const std::string& path) {
  Target t;
  t.path = path;
  for (int links = 0;; ++links) {
    if (::lstat(t.path.c_str(), &t.status) != 0) {
      if (errno != ENOENT) t.error = errno;
      return t;
    }
    if (!S_ISLNK(t.status.st_mode)) {
      t.exists = true;
      return t;
    }
    if (links == 40) {
      t.error = ELOOP;
      return t;
    }
    std::string link(static_cast<std::size_t>(t.status.st_size > 0 ? t.status.st_size : 255) + 1, '\0');
    ssize_t n = ::readlink(t.path.c_str(), link.data(), link.size());
    if (n < 0) {
      t.error = errno;
      return t;
    }
    link.resize(static_cast<std::size_t>(n));
    t.path = link.starts_with('/') ? link : folder_of(t.path) + "/" + link;
  }
}

// The old way, for what is not a regular file (/dev/full, /dev/stdout, a FIFO): there is nothing to
// rename over, and renaming over a device would replace the device.
int write_in_place(const std::string& path, std::string_view text) {
  Descriptor fd(::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOCTTY, 0666));
  if (fd.get() < 0) return errno;
  if (int error = write_all(fd.get(), text)) return error;
  return fd.close();
}

// A new file beside `target`, named after it and hidden: `.NAME.mlsi-PID-N`, created exclusively with
// `mode` (less the umask). A file descriptor, or minus the reason.
int create_temporary(const std::string& target, mode_t mode, std::string& name) {
  static unsigned serial = 0;
  auto slash = target.rfind('/');
  std::string base = slash == std::string::npos ? target : target.substr(slash + 1);
  for (int attempt = 0; attempt < 100; ++attempt) {
    name = fmt::format("{}/.{}.mlsi-{}-{}", folder_of(target), base, ::getpid(), serial++);
    int fd = ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY, mode);
    if (fd >= 0 || errno != EEXIST) return fd >= 0 ? fd : -errno;
  }
  return -EEXIST;
}

int replace_file(const Target& target, std::string_view text) {
  // A new file is made as any new file is (0666 less the umask). In place of an existing one, the
  // temporary starts private and takes the file's mode before any text is in it: the text of a file
  // only its owner may read is never readable by others, even for a moment.
  std::string temporary;
  int created = create_temporary(target.path, target.exists ? 0600 : 0666, temporary);
  if (created < 0) return -created;
  Descriptor fd(created);
  auto fail = [&](int error) {
    ::unlink(temporary.c_str());
    return error;
  };
  if (target.exists) {
    // Root rewriting another user's file gives it back to them; anyone else cannot, and need not. The
    // owner first: a change of owner clears the set-user-ID and set-group-ID bits that the mode restores.
    if (target.status.st_uid != ::geteuid() || target.status.st_gid != ::getegid()) {
      if (::fchown(fd.get(), target.status.st_uid, target.status.st_gid) != 0) {
        // Not permitted: the file becomes the writer's, as any editor's save would make it.
      }
    }
    if (::fchmod(fd.get(), target.status.st_mode & 07777) != 0) return fail(errno);
  }
  if (int error = write_all(fd.get(), text)) return fail(error);
  // Synced before the rename: after a crash the name holds either the old text or the whole new one.
  if (::fsync(fd.get()) != 0) return fail(errno);
  if (int error = fd.close()) return fail(error);
  if (::rename(temporary.c_str(), target.path.c_str()) != 0) return fail(errno);
  // The rename itself made durable; the file is already complete whatever this reports.
  Descriptor folder(::open(folder_of(target.path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (folder.get() >= 0) ::fsync(folder.get());
  return 0;
}

}  // namespace

std::optional<std::string> write_file(const std::string& path, std::string_view text) {
  Target target = target_of(path);
  int error = target.error;
  if (!error) error = target.exists && !S_ISREG(target.status.st_mode) ? write_in_place(target.path, text) : replace_file(target, text);
  if (!error) return std::nullopt;
  return fmt::format("cannot write to `{}`: {}", path, std::strerror(error));
}

}  // namespace mlsi
