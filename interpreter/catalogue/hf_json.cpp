#include "catalogue/hf_json.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <iterator>
#include <set>

#include "source/text_rules.hpp"

namespace mlsi {

namespace {

using nlohmann::json;

// An iterator over the text that notes the offset of the last character the JSON library read: when the
// library reports a key, it has just read the key's closing quote, so the key's span is known without
// the library tracking positions (nlohmann/json 3.11 does not).
class TrackingIterator {
 public:
  using iterator_category = std::forward_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  TrackingIterator() = default;
  TrackingIterator(const char* at, const char* base, std::size_t* last) : at_(at), base_(base), last_(last) {}
  reference operator*() const {
    *last_ = static_cast<std::size_t>(at_ - base_);
    return *at_;
  }
  TrackingIterator& operator++() {
    ++at_;
    return *this;
  }
  TrackingIterator operator++(int) {
    TrackingIterator before = *this;
    ++at_;
    return before;
  }
  bool operator==(const TrackingIterator& other) const { return at_ == other.at_; }

 private:
  const char* at_ = nullptr;
  const char* base_ = nullptr;
  std::size_t* last_ = nullptr;
};

// The offset of the opening quote of the string whose closing quote is at `close`: the nearest quote
// before it that no odd run of backslashes escapes (the library has checked that the string is valid).
std::size_t opening_quote(std::string_view text, std::size_t close) {
  for (std::size_t i = close; i-- > 0;) {
    if (text[i] != '"') continue;
    std::size_t backslashes = 0;
    while (backslashes < i && text[i - 1 - backslashes] == '\\') ++backslashes;
    if (backslashes % 2 == 0) return i;
  }
  return close;
}

// The library's message without its prefixes ("[json.exception.parse_error.101] ", "parse error at line 3,
// column 3: ") and without the text it last read, which may hold any bytes: what follows is ours to quote.
std::string parse_message(const std::string& what) {
  std::string message = what;
  if (auto bracket = message.find("] "); bracket != std::string::npos && message.rfind("[json.exception", 0) == 0)
    message = message.substr(bracket + 2);
  if (auto colon = message.find(": "); colon != std::string::npos && message.rfind("parse error", 0) == 0)
    message = message.substr(colon + 2);
  if (auto last = message.find("; last read: '"); last != std::string::npos) {
    auto end = message.find("'; ", last + 14);
    message.erase(last, end == std::string::npos ? std::string::npos : end + 1 - last);
  }
  return message;
}

// Thrown from the parser's callback to stop at a value nested too deeply (nlohmann/json would build it).
struct TooDeep {
  std::size_t offset;
};

JsonMember member_of(std::string name, Span key, const json& value) {
  JsonMember m;
  m.name = std::move(name);
  m.key = key;
  if (value.is_array()) {
    m.kind = JsonMember::Kind::array;
    for (const auto& item : value) m.items.push_back(item.is_array() ? std::nullopt : member_of("", key, item).count);
    return m;
  }
  switch (value.type()) {
    case json::value_t::null: m.kind = JsonMember::Kind::null; break;
    case json::value_t::boolean:
      m.kind = JsonMember::Kind::boolean;
      m.boolean = value.get<bool>();
      break;
    case json::value_t::number_unsigned:
      m.kind = JsonMember::Kind::number;
      m.count = value.get<std::uint64_t>();
      m.number = static_cast<double>(*m.count);
      break;
    case json::value_t::number_integer:
      m.kind = JsonMember::Kind::number;
      m.number = static_cast<double>(value.get<std::int64_t>());
      if (value.get<std::int64_t>() >= 0) m.count = static_cast<std::uint64_t>(value.get<std::int64_t>());
      break;
    case json::value_t::number_float:
      m.kind = JsonMember::Kind::number;
      m.number = value.get<double>();
      // 4096.0 is a whole number; beyond 2^53 a double holds no exact count.
      if (std::isfinite(m.number) && m.number >= 0 && m.number <= 9007199254740992.0 && std::floor(m.number) == m.number)
        m.count = static_cast<std::uint64_t>(m.number);
      break;
    case json::value_t::string:
      m.kind = JsonMember::Kind::string;
      m.text = value.get<std::string>();
      break;
    case json::value_t::object: m.kind = JsonMember::Kind::object; break;
    default: m.kind = JsonMember::Kind::array; break;  // array (binary and discarded do not come from parse)
  }
  return m;
}

}  // namespace

const JsonMember* JsonObject::find(std::string_view name) const {
  auto it = std::find_if(members.begin(), members.end(), [&](const JsonMember& m) { return m.name == name; });
  return it == members.end() ? nullptr : &*it;
}

std::string_view json_kind_name(JsonMember::Kind kind) {
  switch (kind) {
    case JsonMember::Kind::null: return "null";
    case JsonMember::Kind::boolean: return "a boolean";
    case JsonMember::Kind::number: return "a number";
    case JsonMember::Kind::string: return "a string";
    case JsonMember::Kind::object: return "an object";
    case JsonMember::Kind::array: return "an array";
  }
  return "a value";
}

std::optional<JsonObject> read_json_object(const SourceManager& sources, FileId file, DiagnosticLog& diags, int max_nesting, const CallerWords& words) {
  const std::string_view text = sources.file(file).text;
  auto at = [&](std::size_t offset, std::size_t length = 1) {
    auto begin = static_cast<std::uint32_t>(std::min(offset, text.size()));
    return Span{file, begin, static_cast<std::uint32_t>(std::min(offset + length, text.size()))};
  };
  if (auto problem = find_text_problem(text, "JSON text")) {
    auto& d = diags.error(at(problem->offset, problem->length), problem->message);
    d.quote = problem->binary ? Quote::none : Quote::before_span;
    return std::nullopt;
  }
  std::size_t last = 0;
  std::vector<std::pair<std::string, Span>> keys;  // the top level's, in order
  std::set<std::string, std::less<>> seen;
  bool duplicate = false;
  json root;
  try {
    TrackingIterator begin(text.data(), text.data(), &last), end(text.data() + text.size(), text.data(), &last);
    root = json::parse(begin, end, [&](int depth, json::parse_event_t event, json& parsed) {
      // `depth` counts the objects and arrays around the one that starts.
      bool starts = event == json::parse_event_t::object_start || event == json::parse_event_t::array_start;
      if (starts && depth >= max_nesting) throw TooDeep{last};
      if (event != json::parse_event_t::key || depth != 1) return true;
      std::string name = parsed.get<std::string>();
      std::size_t open = opening_quote(text, last);
      Span key = at(open, last + 1 - open);
      if (!seen.insert(name).second) {
        diags.error(key, fmt::format("`{}` is given twice", name)).notes.push_back("JSON leaves to the reader which of the two counts: give it once");
        duplicate = true;
      }
      keys.emplace_back(std::move(name), key);
      return true;
    });
  } catch (const TooDeep& deep) {
    diags.error(at(deep.offset), fmt::format("objects and arrays nested deeper than {} levels", max_nesting))
        .notes.push_back(words.give("max_nesting", "N") + " raises the limit");
    return std::nullopt;
  } catch (const json::parse_error& e) {
    // `byte` is the 1-based position of the character at which the text stopped being JSON.
    std::size_t offset = e.byte > 0 ? e.byte - 1 : 0;
    diags.error(at(offset), fmt::format("not valid JSON: {}", parse_message(e.what())));
    return std::nullopt;
  } catch (const json::exception& e) {
    // A number beyond a double ("number overflow parsing '1e400'"): the library has read it and the
    // character after it, if any.
    auto number_char = [](char c) { return std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'; };
    std::size_t end = last < text.size() && number_char(text[last]) ? last + 1 : last, begin = end;
    while (begin > 0 && number_char(text[begin - 1])) --begin;
    diags.error(at(begin, end - begin), fmt::format("not valid JSON here: {}", parse_message(e.what())));
    return std::nullopt;
  }
  if (duplicate) return std::nullopt;
  // The first character that is not blank: where the top-level value starts.
  std::size_t start = text.find_first_not_of(" \t\r\n");
  if (!root.is_object()) {
    diags.error(at(start), fmt::format("a config.json holds a JSON object (`{{ ... }}`), not {}",
                                       json_kind_name(member_of("", {}, root).kind)));
    return std::nullopt;
  }
  JsonObject object{at(start), {}};
  for (auto& [name, key] : keys) object.members.push_back(member_of(name, key, root.at(name)));
  return object;
}

}  // namespace mlsi
