// The protocol pieces under `mlsi lsp` and `mlsi mcp`: message framing, JSON-RPC parsing, LSP positions
// in UTF-16 and UTF-8 against byte offsets, incremental edits, URIs, and the MCP tools' argument schemas.
#include <gtest/gtest.h>

#include <sstream>

#include "jsonrpc/message_stream.hpp"
#include "jsonrpc/rpc.hpp"
#include "lsp/document.hpp"
#include "lsp/positions.hpp"
#include "lsp/uris.hpp"
#include "lsp/server.hpp"
#include "mcp/tools.hpp"
#include "base/work_counters.hpp"

namespace {

using namespace mlsi;

TEST(JsonRpc, ContentLengthFramesOneMessageAfterAnother) {
  std::istringstream in("Content-Length: 2\r\n\r\n{}content-length:7\r\nContent-Type: x\r\n\r\n[1,2,3]");
  jsonrpc::StreamSource source(in);
  jsonrpc::MessageReader reader(source, jsonrpc::Framing::content_length);
  auto a = reader.next();
  ASSERT_TRUE(a);
  EXPECT_EQ(a->text, "{}");
  auto b = reader.next();
  ASSERT_TRUE(b);
  EXPECT_EQ(b->text, "[1,2,3]");
  EXPECT_FALSE(reader.next());
}

TEST(JsonRpc, AHeaderWithoutLengthIsAnErrorAndReadingGoesOn) {
  std::istringstream in("Content-Type: x\r\n\r\nContent-Length: 2\r\n\r\n{}");
  jsonrpc::StreamSource source(in);
  jsonrpc::MessageReader reader(source, jsonrpc::Framing::content_length);
  auto a = reader.next();
  ASSERT_TRUE(a);
  EXPECT_EQ(a->error, "a message header without Content-Length");
  auto b = reader.next();
  ASSERT_TRUE(b);
  EXPECT_EQ(b->text, "{}");
}

TEST(JsonRpc, TooLongAMessageIsSkipped) {
  std::istringstream in("Content-Length: 10\r\n\r\n0123456789Content-Length: 2\r\n\r\n{}");
  jsonrpc::StreamSource source(in);
  jsonrpc::MessageReader reader(source, jsonrpc::Framing::content_length, 5);
  EXPECT_EQ(reader.next()->error, "a message longer than the limit of 5 bytes");
  EXPECT_EQ(reader.next()->text, "{}");
}

// After a header that is not one, reading goes on at the next `Content-Length:`, wherever it is.
TEST(JsonRpc, BadHeadersAreSkippedToTheNextContentLength) {
  std::istringstream in(
      "Content-Length: -1\r\n\r\n{\"a\":1}"
      "Content-Length: 18446744073709551615\r\ncontent-length: 1\r\n\r\nxContent-Length: 2\r\n\r\n{}"
      "Content-Length: 3\r\n\r\n[1,2]garbageContent-Length: 1\r\n\r\n7");
  jsonrpc::StreamSource source(in);
  jsonrpc::MessageReader reader(source, jsonrpc::Framing::content_length);
  EXPECT_EQ(reader.next()->error, "Content-Length `-1` is not a length in decimal digits");
  EXPECT_EQ(reader.next()->error, "a message header with two Content-Length fields");
  EXPECT_EQ(reader.next()->text, "{}");
  EXPECT_EQ(reader.next()->text, "[1,");  // too short a length: what follows it is not a header
  EXPECT_EQ(reader.next()->error, "bytes that are not a message header (`Name: value` lines, then a blank line)");
  EXPECT_EQ(reader.next()->text, "7");
  EXPECT_FALSE(reader.next());
}

TEST(JsonRpc, ContentLengthIsDecimalDigitsUpTo2To64Minus1) {
  auto first = [](const std::string& value) {
    std::istringstream in("Content-Length:" + value + "\r\n\r\n{}");
    jsonrpc::StreamSource source(in);
    jsonrpc::MessageReader reader(source, jsonrpc::Framing::content_length);
    auto f = reader.next();
    return f->error.empty() ? "text " + f->text : f->error;
  };
  EXPECT_EQ(first(" 2"), "text {}");
  EXPECT_EQ(first("\t002 "), "text {}");
  EXPECT_EQ(first(" +2"), "Content-Length `+2` is not a length in decimal digits");
  EXPECT_EQ(first(" 2x"), "Content-Length `2x` is not a length in decimal digits");
  EXPECT_EQ(first(""), "Content-Length `` is not a length in decimal digits");
  // 2^64 - 1 is a length (over the limit, its body is skipped); 2^64 is not.
  EXPECT_EQ(first(" 18446744073709551615"), "a message longer than the limit of 67108864 bytes");
  EXPECT_EQ(first(" 18446744073709551616"), "Content-Length `18446744073709551616` is larger than 2^64 - 1");
  EXPECT_EQ(first(" 99999999999999999999999"), "Content-Length `99999999999999999999999` is larger than 2^64 - 1");
}

TEST(JsonRpc, NewlineFramingSkipsBlankLines) {
  std::istringstream in("{\"a\":1}\r\n\n  \n{\"b\":2}");
  jsonrpc::StreamSource source(in);
  jsonrpc::MessageReader reader(source, jsonrpc::Framing::newline);
  EXPECT_EQ(reader.next()->text, "{\"a\":1}");
  EXPECT_EQ(reader.next()->text, "{\"b\":2}");
  EXPECT_FALSE(reader.next());
}

TEST(JsonRpc, ParsesRequestsAndAnswersBadMessages) {
  auto r = jsonrpc::parse_message(R"({"jsonrpc":"2.0","id":7,"method":"m","params":{"x":1}})");
  ASSERT_TRUE(std::holds_alternative<jsonrpc::Request>(r));
  EXPECT_EQ(std::get<jsonrpc::Request>(r).method, "m");
  EXPECT_EQ(*std::get<jsonrpc::Request>(r).id, 7);
  auto bad = jsonrpc::parse_message("{not json");
  ASSERT_TRUE(std::holds_alternative<jsonrpc::Json>(bad));
  EXPECT_EQ(std::get<jsonrpc::Json>(bad)["error"]["code"], -32700);
  EXPECT_TRUE(std::get<jsonrpc::Json>(bad)["id"].is_null());
  auto no_method = jsonrpc::parse_message(R"({"jsonrpc":"2.0","id":"a"})");
  EXPECT_EQ(std::get<jsonrpc::Json>(no_method)["error"]["code"], -32600);
  EXPECT_EQ(std::get<jsonrpc::Json>(no_method)["id"], "a");
  auto batch = jsonrpc::parse_message("[]");
  EXPECT_EQ(std::get<jsonrpc::Json>(batch)["error"]["code"], -32600);
  EXPECT_TRUE(std::holds_alternative<jsonrpc::Ignored>(jsonrpc::parse_message(R"({"jsonrpc":"2.0","id":1,"result":null})")));
  // `"params": null` is no params.
  auto null_params = jsonrpc::parse_message(R"({"jsonrpc":"2.0","id":2,"method":"shutdown","params":null})");
  ASSERT_TRUE(std::holds_alternative<jsonrpc::Request>(null_params));
  EXPECT_TRUE(std::get<jsonrpc::Request>(null_params).params.is_null());
  EXPECT_EQ(std::get<jsonrpc::Json>(jsonrpc::parse_message(R"({"jsonrpc":"2.0","id":2,"method":"m","params":3})"))["error"]["code"], -32600);
}

// The message is the first level: 200 levels are read, 201 are not (jsonrpc::kMaxNesting).
TEST(JsonRpc, NestingIsBoundedWhileParsing) {
  auto message = [](int levels_in_params, const std::string& id) {
    return R"({"jsonrpc":"2.0","id":)" + id + R"(,"method":"m","params":)" + std::string(static_cast<std::size_t>(levels_in_params), '[') +
           std::string(static_cast<std::size_t>(levels_in_params), ']') + "}";
  };
  EXPECT_TRUE(std::holds_alternative<jsonrpc::Request>(jsonrpc::parse_message(message(199, "1"))));
  auto deep = jsonrpc::parse_message(message(200, "1"));
  ASSERT_TRUE(std::holds_alternative<jsonrpc::Json>(deep));
  EXPECT_EQ(std::get<jsonrpc::Json>(deep),
            jsonrpc::Json::parse(R"({"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"objects and arrays nested deeper than 200 levels"}})"));
  auto very_deep = std::get<jsonrpc::Json>(jsonrpc::parse_message(message(1'000'000, "\"a\"")));
  EXPECT_EQ(very_deep["id"], "a");
  // The id itself too deep: null.
  EXPECT_TRUE(std::get<jsonrpc::Json>(jsonrpc::parse_message(message(1, std::string(100000, '[') + std::string(100000, ']'))))["id"].is_null());
}

// "aé😀b": a (1 byte, 1 UTF-16 unit), é (2 bytes, 1 unit), 😀 U+1F600 (4 bytes, 2 units: a surrogate pair), b.
TEST(LspPositions, Utf16AndUtf8Columns) {
  const std::string line = "a\xC3\xA9\xF0\x9F\x98\x80" "b";
  EXPECT_EQ(lsp::units_of(line, 7, lsp::Encoding::utf16), 4u);  // before b
  EXPECT_EQ(lsp::units_of(line, 7, lsp::Encoding::utf8), 7u);
  EXPECT_EQ(lsp::units_of(line, 7, lsp::Encoding::utf32), 3u);
  EXPECT_EQ(lsp::bytes_of(line, 4, lsp::Encoding::utf16), 7u);
  EXPECT_EQ(lsp::bytes_of(line, 2, lsp::Encoding::utf16), 3u);   // after é
  EXPECT_EQ(lsp::bytes_of(line, 3, lsp::Encoding::utf16), 7u);   // inside the pair: the character's end
  EXPECT_EQ(lsp::bytes_of(line, 99, lsp::Encoding::utf16), 8u);  // past the end: the line's end
  EXPECT_EQ(lsp::bytes_of(line, 2, lsp::Encoding::utf8), 1u);    // inside é: its start
  const std::string text = "x\n" + line + "\r\nz";  // the index views the text: it must outlive it
  lsp::LineIndex index(text);
  EXPECT_EQ(index.offset({1, 4}, lsp::Encoding::utf16), 9u);
  EXPECT_EQ(index.offset({1, 50}, lsp::Encoding::utf16), 10u);  // the line's end, before \r\n
  EXPECT_EQ(index.offset({9, 0}, lsp::Encoding::utf16), 13u);   // past the last line: the text's end
  EXPECT_EQ(index.position(9, lsp::Encoding::utf16).character, 4u);
  EXPECT_EQ(index.position(12, lsp::Encoding::utf16).line, 2u);
}

TEST(LspDocument, IncrementalChangesInUtf16) {
  lsp::OpenDocument d("file:///tmp/a.mls", "let s = \"\xF0\x9F\x98\x80\" # x\nlet y = 1\n", 1);
  // Replace the `x` after the emoji's string: UTF-16 column 15 (the emoji is 2 units).
  d.apply(lsp::TextChange{lsp::Position{0, 15}, lsp::Position{0, 16}, "comment"}, lsp::Encoding::utf16);
  EXPECT_EQ(d.text(), "let s = \"\xF0\x9F\x98\x80\" # comment\nlet y = 1\n");
  d.apply(lsp::TextChange{lsp::Position{1, 8}, lsp::Position{1, 9}, "2"}, lsp::Encoding::utf16);
  EXPECT_EQ(d.text(), "let s = \"\xF0\x9F\x98\x80\" # comment\nlet y = 2\n");
  d.apply(lsp::TextChange{std::nullopt, std::nullopt, "new"}, lsp::Encoding::utf16);
  EXPECT_EQ(d.text(), "new");
  EXPECT_EQ(d.path(), "/tmp/a.mls");
}

// Opening n documents one by one, each checked before the next opens, looks at each once: every check
// used to copy all the other open documents' texts (n^2 / 2; 1,000 documents took 8.3 s).
TEST(LspServer, OpeningDocumentsOneByOneIsLinear) {
  auto visited = [](int n) {
    std::ostringstream out, log;
    lsp::Server server(lsp::ServerOptions{}, out, log);
    server.handle(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}})");
    auto before = work_counters().lsp_documents_visited;
    for (int i = 0; i < n; ++i) {
      server.handle(R"({"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///nowhere/d)" +
                    std::to_string(i) + R"(.mls","languageId":"mls","version":1,"text":"let x = 1\n"}}})");
      server.flush();
    }
    return work_counters().lsp_documents_visited - before;
  };
  EXPECT_EQ(visited(50), 50u);
  EXPECT_EQ(visited(100), 100u);
}

TEST(LspUris, FilesAndBuiltins) {
  EXPECT_EQ(*lsp::path_of_uri("file:///home/a%20b/c%C3%A9.mls"), "/home/a b/c\xC3\xA9.mls");
  EXPECT_EQ(lsp::uri_of_path("/home/a b/c\xC3\xA9.mls"), "file:///home/a%20b/c%C3%A9.mls");
  EXPECT_FALSE(lsp::path_of_uri("untitled:Untitled-1"));
  EXPECT_EQ(*lsp::builtin_uri("<prelude>/units.mls"), "mlsi-builtin:/prelude/units.mls");
  EXPECT_EQ(*lsp::builtin_source_name("mlsi-builtin:/builtin/scenarios/training/training_run.mls"), "<builtin>/scenarios/training/training_run.mls");
  ASSERT_TRUE(lsp::builtin_text("<prelude>/units.mls"));
  EXPECT_NE(lsp::builtin_text("<prelude>/units.mls")->find("unit"), std::string::npos);
  EXPECT_FALSE(lsp::builtin_text("<prelude>/nothing.mls"));
}

TEST(McpTools, ArgumentsAreCheckedAgainstTheirSchemas) {
  const mcp::ToolSpec* run = mcp::find_tool("run");
  ASSERT_NE(run, nullptr);
  EXPECT_FALSE(mcp::schema_violation(run->input_schema, jsonrpc::Json{{"scenario", "KvCache"}, {"set", {{"batch", 4}}}}));
  EXPECT_EQ(*mcp::schema_violation(run->input_schema, jsonrpc::Json::object()), "arguments needs `scenario`");
  EXPECT_EQ(*mcp::schema_violation(run->input_schema, jsonrpc::Json{{"scenario", 3}}), "arguments.scenario must be string, not number");
  EXPECT_EQ(*mcp::schema_violation(run->input_schema, jsonrpc::Json{{"scenario", "../etc/passwd"}}),
            "arguments.scenario `../etc/passwd` is not a name (^[A-Za-z_][A-Za-z0-9_]*$)");
  EXPECT_EQ(*mcp::schema_violation(run->input_schema, jsonrpc::Json{{"scenario", "A"}, {"file", "x"}}),
            "arguments has no member `file` (it takes: catalog_text, config, scenario, set)");
  EXPECT_EQ(*mcp::schema_violation(run->input_schema, jsonrpc::Json{{"scenario", "A"}, {"set", {{"x", {1}}}}}),
            "arguments.set.x must be string or number or boolean, not array");
  VerbRequest request;
  request.command = "run";
  EXPECT_EQ(mcp::set_arguments(jsonrpc::Json{{"config", "c"}, {"set", {{"batch", 4}, {"bytes", "1 byte"}}}}, run->options, request), std::nullopt);
  EXPECT_EQ(request.config, "c");
  EXPECT_EQ(request.sets, (std::vector<std::string>{"batch=4", "bytes=1 byte"}));
  for (const char* tool : {"run", "check", "explain", "list", "show", "sweep", "solve"}) EXPECT_NE(mcp::find_tool(tool), nullptr) << tool;
}

TEST(McpTools, PatternsOfTheSchemas) {
  EXPECT_TRUE(mcp::matches_pattern("^[A-Za-z_][A-Za-z0-9_]*$", "KvCache_2"));
  EXPECT_TRUE(mcp::matches_pattern("^[A-Za-z_][A-Za-z0-9_]*$", "_"));
  EXPECT_FALSE(mcp::matches_pattern("^[A-Za-z_][A-Za-z0-9_]*$", "2x"));
  EXPECT_FALSE(mcp::matches_pattern("^[A-Za-z_][A-Za-z0-9_]*$", ""));
  EXPECT_FALSE(mcp::matches_pattern("^[A-Za-z_][A-Za-z0-9_]*$", "a/b"));
  EXPECT_TRUE(mcp::matches_pattern("^-?[A-Za-z_][A-Za-z0-9_.]*$", "-memory"));
  EXPECT_TRUE(mcp::matches_pattern("^-?[A-Za-z_][A-Za-z0-9_.]*$", "flops.fp8"));
  EXPECT_FALSE(mcp::matches_pattern("^-?[A-Za-z_][A-Za-z0-9_.]*$", "--catalog"));
  EXPECT_TRUE(mcp::matches_pattern("^[A-Za-z0-9_][A-Za-z0-9_.]*$", "3090"));
  EXPECT_FALSE(mcp::matches_pattern("^[A-Za-z0-9_][A-Za-z0-9_.]*$", "-x"));
}

}  // namespace
