#pragma once
// Writing a file the user named (`-o FILE`, `--plot FILE`, `fmt --write`): every failure to write or to
// close it (a full disk, /dev/full, a file size limit) is reported, never taken as success, and a failed
// write leaves the file as it was (docs/security.md, "Files mlsi writes").
#include <optional>
#include <string>
#include <string_view>

namespace mlsi {

// Makes `path` hold `text`. A regular file (or a new one) is replaced whole: the text goes to a
// temporary file in the same folder, is synced, and is renamed over the file, which keeps its mode (and,
// where allowed, its owner); on failure the temporary is removed and the file is untouched. A symbolic
// link is followed: the file it names is replaced, the link stays. Anything else that exists (a device,
// a FIFO) is written in place. Nothing on success; otherwise the message, with the system's reason:
// "cannot write to `out.svg`: No space left on device".
std::optional<std::string> write_file(const std::string& path, std::string_view text);

}  // namespace mlsi
