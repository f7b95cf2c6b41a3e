#pragma once
// Writing a file the user named (`-o FILE`, `--plot FILE`, `fmt --write`): every failure to write or to
// close it (a full disk, /dev/full) is reported, never taken as success.
#include <optional>
#include <string>
#include <string_view>

namespace mlsi {

// Writes `text` to `path`, created or emptied first. Nothing on success; otherwise the message, with the
// system's reason: "cannot write to `out.svg`: No space left on device".
std::optional<std::string> write_file(const std::string& path, std::string_view text);

}  // namespace mlsi
