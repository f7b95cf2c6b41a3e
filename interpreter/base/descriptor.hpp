#pragma once
// An open file descriptor, closed on every path out of its scope (RAII), for the file reader and writer.
#include <unistd.h>

#include <cerrno>

namespace mlsi {

class Descriptor {
 public:
  explicit Descriptor(int fd) : fd_(fd) {}
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  ~Descriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }
  // Closes now and returns 0 or the errno: what only closing can tell (NFS, a quota) is a write error.
  int close() {
    int fd = fd_;
    fd_ = -1;
    return ::close(fd) == 0 ? 0 : errno;
  }

 private:
  int fd_;
};

}  // namespace mlsi
