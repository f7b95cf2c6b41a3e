#pragma once
// JSON-RPC 2.0 messages over a byte stream, framed as the Language Server Protocol frames them
// (`Content-Length: N` headers, a blank line, N bytes of JSON) or as the Model Context Protocol's stdio
// transport does (one JSON text per line, no newline inside).
#include <cstddef>
#include <istream>
#include <optional>
#include <ostream>
#include <string>

namespace mlsi::jsonrpc {

enum class Framing { content_length, newline };

// Where messages are read from: a file descriptor, which can say whether input is waiting (so that a
// server handles every waiting edit before it checks a document again), or a stream (tests).
class ByteSource {
 public:
  virtual ~ByteSource() = default;
  // Reads at most `size` bytes, blocking until there is at least one; 0 at the end of the input.
  virtual std::size_t read(char* buffer, std::size_t size) = 0;
  // Whether a read would return at once.
  virtual bool ready() = 0;
};

class FdSource : public ByteSource {
 public:
  explicit FdSource(int fd) : fd_(fd) {}
  std::size_t read(char* buffer, std::size_t size) override;
  bool ready() override;

 private:
  int fd_;
};

class StreamSource : public ByteSource {
 public:
  explicit StreamSource(std::istream& in) : in_(in) {}
  std::size_t read(char* buffer, std::size_t size) override;
  bool ready() override;

 private:
  std::istream& in_;
};

// One message read, or why the bytes were not one.
struct Frame {
  std::string text;   // the JSON text
  std::string error;  // a framing problem (a header that is not one, a message over the limit)
};

class MessageReader {
 public:
  MessageReader(ByteSource& source, Framing framing, std::size_t max_message = 64 * 1024 * 1024)
      : source_(source), framing_(framing), max_message_(max_message) {}
  // The next message; nothing at the end of the input.
  std::optional<Frame> next();
  // Whether a message is waiting: whole in the buffer, or bytes ready to be read.
  bool pending();

 private:
  bool fill();  // reads more bytes into the buffer; false at the end of the input
  std::optional<Frame> next_content_length();
  // After a header that is not one, the next read starts at the next `Content-Length:` after the byte at
  // `start_` (a header's first field in practice), so that the message after a bad one is not lost.
  void skip_to_next_header() {
    ++start_;
    resync_ = true;
  }
  bool resynchronise();  // false at the end of the input
  std::optional<Frame> next_line();

  ByteSource& source_;
  Framing framing_;
  std::size_t max_message_;
  std::string buffer_;
  std::size_t start_ = 0;  // the buffer's unread part begins here
  bool eof_ = false;
  bool resync_ = false;
};

// Writes one message with the framing, and flushes.
void write_message(std::ostream& out, Framing framing, const std::string& json);

}  // namespace mlsi::jsonrpc
