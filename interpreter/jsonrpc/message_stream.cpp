#include "jsonrpc/message_stream.hpp"

#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>

namespace mlsi::jsonrpc {

std::size_t FdSource::read(char* buffer, std::size_t size) {
  for (;;) {
    ssize_t n = ::read(fd_, buffer, size);
    if (n >= 0) return static_cast<std::size_t>(n);
    if (errno != EINTR) return 0;
  }
}

bool FdSource::ready() {
  pollfd p{fd_, POLLIN, 0};
  return ::poll(&p, 1, 0) > 0 && (p.revents & (POLLIN | POLLHUP)) != 0;
}

std::size_t StreamSource::read(char* buffer, std::size_t size) {
  // One byte at a time when nothing is buffered, so that a read never waits for more than is there.
  std::streamsize available = in_.rdbuf()->in_avail();
  std::streamsize want = available > 0 ? std::min<std::streamsize>(available, static_cast<std::streamsize>(size)) : 1;
  in_.read(buffer, want);
  return static_cast<std::size_t>(in_.gcount());
}

bool StreamSource::ready() { return in_.rdbuf()->in_avail() > 0; }

bool MessageReader::fill() {
  if (eof_) return false;
  if (start_ > 0 && start_ >= buffer_.size() / 2) {
    buffer_.erase(0, start_);
    start_ = 0;
  }
  char chunk[65536];
  std::size_t n = source_.read(chunk, sizeof chunk);
  if (n == 0) {
    eof_ = true;
    return false;
  }
  buffer_.append(chunk, n);
  return true;
}

bool MessageReader::pending() {
  if (framing_ == Framing::newline) {
    if (buffer_.find('\n', start_) != std::string::npos) return true;
  } else if (auto end = buffer_.find("\r\n\r\n", start_); end != std::string::npos) {
    // A whole header; the body may still be arriving, which a read then waits for.
    return true;
  }
  return !eof_ && source_.ready();
}

std::optional<Frame> MessageReader::next() {
  return framing_ == Framing::content_length ? next_content_length() : next_line();
}

std::optional<Frame> MessageReader::next_line() {
  for (;;) {
    auto nl = buffer_.find('\n', start_);
    if (nl != std::string::npos) {
      std::string line = buffer_.substr(start_, nl - start_);
      start_ = nl + 1;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.find_first_not_of(" \t") == std::string::npos) continue;  // blank lines between messages
      return Frame{std::move(line), ""};
    }
    if (buffer_.size() - start_ > max_message_) {
      // The rest of this line is dropped up to its end.
      buffer_.clear();
      start_ = 0;
      while (fill()) {
        auto end = buffer_.find('\n');
        if (end != std::string::npos) {
          start_ = end + 1;
          break;
        }
        buffer_.clear();
      }
      return Frame{"", "a message longer than the limit of " + std::to_string(max_message_) + " bytes"};
    }
    if (!fill()) {
      if (start_ < buffer_.size()) {
        std::string rest = buffer_.substr(start_);
        start_ = buffer_.size();
        if (rest.find_first_not_of(" \t\r") != std::string::npos) return Frame{std::move(rest), ""};
      }
      return std::nullopt;
    }
  }
}

std::optional<Frame> MessageReader::next_content_length() {
  for (;;) {
    auto end = buffer_.find("\r\n\r\n", start_);
    if (end == std::string::npos) {
      if (buffer_.size() - start_ > 65536) {
        buffer_.clear();
        start_ = 0;
        return Frame{"", "a message header longer than 65536 bytes"};
      }
      if (!fill()) return std::nullopt;
      continue;
    }
    std::string header = buffer_.substr(start_, end - start_);
    std::size_t body = end + 4;
    // Header fields, case-insensitively: Content-Length is required, Content-Type is ignored.
    std::optional<std::size_t> length;
    std::size_t pos = 0;
    while (pos <= header.size()) {
      auto eol = header.find("\r\n", pos);
      std::string field = header.substr(pos, eol == std::string::npos ? std::string::npos : eol - pos);
      pos = eol == std::string::npos ? header.size() + 1 : eol + 2;
      auto colon = field.find(':');
      if (colon == std::string::npos) continue;
      std::string name = field.substr(0, colon);
      for (auto& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (name != "content-length") continue;
      std::string value = field.substr(colon + 1);
      auto first = value.find_first_not_of(" \t");
      if (first == std::string::npos) continue;
      char* stop = nullptr;
      unsigned long long n = std::strtoull(value.c_str() + first, &stop, 10);
      if (stop != value.c_str() + first && value.find_first_not_of(" \t", static_cast<std::size_t>(stop - value.c_str())) == std::string::npos)
        length = static_cast<std::size_t>(n);
    }
    start_ = body;
    if (!length) return Frame{"", "a message header without a valid Content-Length"};
    if (*length > max_message_) {
      // Skip the body without keeping it.
      std::size_t skip = *length;
      while (skip > 0) {
        std::size_t have = buffer_.size() - start_;
        std::size_t take = std::min(have, skip);
        start_ += take;
        skip -= take;
        if (skip > 0 && !fill()) break;
      }
      return Frame{"", "a message longer than the limit of " + std::to_string(max_message_) + " bytes"};
    }
    while (buffer_.size() - start_ < *length)
      if (!fill()) return std::nullopt;
    std::string text = buffer_.substr(start_, *length);
    start_ += *length;
    return Frame{std::move(text), ""};
  }
}

void write_message(std::ostream& out, Framing framing, const std::string& json) {
  if (framing == Framing::content_length) out << "Content-Length: " << json.size() << "\r\n\r\n" << json;
  else out << json << "\n";
  out.flush();
}

}  // namespace mlsi::jsonrpc
