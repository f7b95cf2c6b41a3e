#include "jsonrpc/message_stream.hpp"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdint>
#include <limits>
#include <string_view>

namespace mlsi::jsonrpc {

namespace {

// Header lines at most, in bytes, before the blank line that ends them.
constexpr std::size_t kMaxHeader = 65536;

// A header field's name is an HTTP token (RFC 9110 5.6.2).
bool is_token_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos;
}

bool is_blank(char c) { return c == ' ' || c == '\t'; }

// Where `Content-Length:` (in any case) next starts at or after `from`; npos if nowhere.
std::size_t find_content_length(const std::string& buffer, std::size_t from) {
  static constexpr std::string_view kName = "content-length:";
  for (std::size_t i = from; i + kName.size() <= buffer.size(); ++i) {
    std::size_t k = 0;
    while (k < kName.size() && std::tolower(static_cast<unsigned char>(buffer[i + k])) == kName[k]) ++k;
    if (k == kName.size()) return i;
  }
  return std::string::npos;
}

// The Content-Length of a header (its lines without the blank line that ends them), or why there is none.
struct HeaderRead {
  std::uint64_t length = 0;
  std::string error;
  // The error is in a header's Content-Length field: the next one is looked for after this header, not
  // inside it (where the second of two is, or what follows a field that is not one).
  bool skip_header = false;
};

HeaderRead read_header(std::string_view header) {
  HeaderRead read;
  bool seen = false;
  while (!header.empty()) {
    auto eol = header.find("\r\n");
    std::string_view field = header.substr(0, eol);
    header = eol == std::string_view::npos ? std::string_view() : header.substr(eol + 2);
    if (field.empty()) continue;  // a blank line before the header
    auto colon = field.find(':');
    if (colon == 0 || colon == std::string_view::npos || !std::all_of(field.begin(), field.begin() + static_cast<std::ptrdiff_t>(colon), is_token_char))
      return HeaderRead{0, "bytes that are not a message header (`Name: value` lines, then a blank line)", false};
    std::string name(field.substr(0, colon));
    for (auto& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (name != "content-length") continue;  // Content-Type, the only other field, is ignored
    if (seen) return HeaderRead{0, "a message header with two Content-Length fields", true};
    seen = true;
    std::string_view value = field.substr(colon + 1);
    while (!value.empty() && is_blank(value.front())) value.remove_prefix(1);
    while (!value.empty() && is_blank(value.back())) value.remove_suffix(1);
    std::string shown(value.substr(0, 40));
    // Decimal digits only: no sign, no blank inside, and not past 2^64 - 1 (strtoull read `-1` as 2^64 - 1).
    if (value.empty() || !std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; }))
      return HeaderRead{0, "Content-Length `" + shown + "` is not a length in decimal digits", true};
    std::uint64_t n = 0;
    for (char c : value) {
      auto digit = static_cast<std::uint64_t>(c - '0');
      if (n > (std::numeric_limits<std::uint64_t>::max() - digit) / 10)
        return HeaderRead{0, "Content-Length `" + shown + "` is larger than 2^64 - 1", true};
      n = n * 10 + digit;
    }
    read.length = n;
  }
  if (!seen) return HeaderRead{0, "a message header without Content-Length", false};
  return read;
}

}  // namespace

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
  } else {
    // A whole header (after the bytes skipped to the next Content-Length); the body may still be arriving,
    // which a read then waits for.
    std::size_t header = resync_ ? find_content_length(buffer_, start_) : start_;
    if (header != std::string::npos && buffer_.find("\r\n\r\n", header) != std::string::npos) return true;
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


bool MessageReader::resynchronise() {
  for (;;) {
    if (auto at = find_content_length(buffer_, start_); at != std::string::npos) {
      start_ = at;
      resync_ = false;
      return true;
    }
    // Keep what could be the beginning of `Content-Length:` cut by the end of the buffer.
    start_ = std::max(start_, buffer_.size() >= 14 ? buffer_.size() - 14 : std::size_t{0});
    if (!fill()) return false;
  }
}

std::optional<Frame> MessageReader::next_content_length() {
  for (;;) {
    if (resync_ && !resynchronise()) return std::nullopt;
    auto end = buffer_.find("\r\n\r\n", start_);
    if (end == std::string::npos) {
      if (buffer_.size() - start_ > kMaxHeader) {
        skip_to_next_header();
        return Frame{"", "a message header longer than " + std::to_string(kMaxHeader) + " bytes"};
      }
      if (!fill()) return std::nullopt;
      continue;
    }
    HeaderRead header = end - start_ > kMaxHeader ? HeaderRead{0, "a message header longer than " + std::to_string(kMaxHeader) + " bytes", false}
                                                  : read_header(std::string_view(buffer_).substr(start_, end - start_));
    if (!header.error.empty()) {
      if (header.skip_header) {
        start_ = end + 4;
        resync_ = true;
      } else {
        skip_to_next_header();
      }
      return Frame{"", std::move(header.error)};
    }
    start_ = end + 4;
    if (header.length > max_message_) {
      // Skip the body without keeping it.
      std::uint64_t skip = header.length;
      while (skip > 0) {
        std::size_t take = static_cast<std::size_t>(std::min<std::uint64_t>(buffer_.size() - start_, skip));
        start_ += take;
        skip -= take;
        if (skip > 0 && !fill()) break;
      }
      return Frame{"", "a message longer than the limit of " + std::to_string(max_message_) + " bytes"};
    }
    auto length = static_cast<std::size_t>(header.length);
    while (buffer_.size() - start_ < length)
      if (!fill()) return std::nullopt;
    std::string text = buffer_.substr(start_, length);
    start_ += length;
    return Frame{std::move(text), ""};
  }
}

void write_message(std::ostream& out, Framing framing, const std::string& json) {
  if (framing == Framing::content_length) out << "Content-Length: " << json.size() << "\r\n\r\n" << json;
  else out << json << "\n";
  out.flush();
}

}  // namespace mlsi::jsonrpc
