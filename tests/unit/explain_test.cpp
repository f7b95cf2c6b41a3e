// `mlsi run --explain`: the derivation tree of every output, as text and as JSON.
//
// Expected numbers, from the published figures (docs/catalogue.md §3.2.1 workloads: GPT2 = GPT-2 1.5B, 48 layers, hidden 1600,
// 25 heads, context 1024, source "Radford et al. 2019 ...") and scenarios/training/activation_memory.mls
// (config gpt2_b8: microbatch 8, seq_len 1024, bytes_per_value 2 byte), computed by hand:
//   sbh  = s*b*h = 1024*8*1600 = 13107200
//   attention term 5*a*s/h = 5*25*1024/1600 = 80, so 34 + 80 = 114
//   none = L*sbh*114*2 byte/2 = 48*13107200*114 B = 71722598400 B = 71722598400/2^30 GiB = 66.796875 GiB
//          (shown to six significant digits: 66.7969 GiB)
//   selective = 48*13107200*34 B = 21390950400 B = 19.921875 GiB (19.9219 GiB)
//   with --set microbatch=4: sbh = 1024*4*1600 = 6553600
//   with bytes_per_value = 1 byte (the --inputs file): none = 48*13107200*114*1/2 B = 33.3984375 GiB (33.3984 GiB)
// The function scenario below: training_compute(p, t) = 6 FLOP * p * t (docs/catalogue.md §4, C = 6PD) with
// p = 1e9 and t = 2e10 gives 1.2e20 FLOP = 120 EFLOP; adam_optimizer_bytes = 12 byte (ZeRO K = 12), so
// 1e9 parameters keep 12e9 B = 12 GB of optimizer state.
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>

#include <unistd.h>

#include "cli/cli.hpp"
#include "tests/unit/cli_harness.hpp"
#include "session/session.hpp"

#include <gtest/gtest.h>

namespace fs = std::filesystem;

namespace {

using mlsi_test::mlsi;
using mlsi_test::Result;

using mlsi_test::TempFile;

std::size_t count(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

// The line of `text` that starts with `start` (after its indentation is part of `start`), or "".
std::string line_starting(const std::string& text, const std::string& start) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (line.rfind(start, 0) == 0) return line;
  return "";
}

// ---- a strict JSON reader, enough to check the tree ---------------------------------------------
struct Json {
  enum class Kind { null, boolean, number, string, array, object } kind = Kind::null;
  bool b = false;
  double n = 0;
  std::string s;
  std::vector<Json> items;
  std::map<std::string, Json> fields;
  const Json& operator[](const std::string& k) const {
    static const Json none;
    auto it = fields.find(k);
    return it == fields.end() ? none : it->second;
  }
  const Json& operator[](std::size_t i) const { return items.at(i); }
};

class JsonReader {
 public:
  explicit JsonReader(const std::string& t) : t_(t) {}
  bool read(Json& out) {
    ok_ = true;
    out = value();
    space();
    return ok_ && i_ == t_.size();
  }

 private:
  void space() {
    while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\n' || t_[i_] == '\t' || t_[i_] == '\r')) ++i_;
  }
  bool eat(char c) {
    space();
    if (i_ < t_.size() && t_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }
  bool word(const char* w) {
    std::string s(w);
    if (t_.compare(i_, s.size(), s) != 0) return false;
    i_ += s.size();
    return true;
  }
  std::string string() {
    std::string out;
    if (!eat('"')) return ok_ = false, out;
    while (i_ < t_.size() && t_[i_] != '"') {
      char c = t_[i_++];
      if (static_cast<unsigned char>(c) < 0x20) ok_ = false;
      if (c == '\\') {
        if (i_ >= t_.size()) return ok_ = false, out;
        char e = t_[i_++];
        if (e == 'n') out += '\n';
        else if (e == 't') out += '\t';
        else if (e == 'r') out += '\r';
        else if (e == 'u') i_ += 4, out += '?';
        else if (e == '"' || e == '\\' || e == '/') out += e;
        else ok_ = false;
      } else {
        out += c;
      }
    }
    if (!eat('"')) ok_ = false;
    return out;
  }
  Json value() {
    Json v;
    space();
    if (i_ >= t_.size()) return ok_ = false, v;
    char c = t_[i_];
    if (c == '{') {
      v.kind = Json::Kind::object;
      ++i_;
      if (eat('}')) return v;
      do {
        space();
        std::string k = string();
        if (!eat(':')) ok_ = false;
        if (v.fields.count(k)) ok_ = false;  // duplicate keys
        v.fields[k] = value();
      } while (ok_ && eat(','));
      if (!eat('}')) ok_ = false;
    } else if (c == '[') {
      v.kind = Json::Kind::array;
      ++i_;
      if (eat(']')) return v;
      do v.items.push_back(value());
      while (ok_ && eat(','));
      if (!eat(']')) ok_ = false;
    } else if (c == '"') {
      v.kind = Json::Kind::string;
      v.s = string();
    } else if (word("true")) {
      v.kind = Json::Kind::boolean;
      v.b = true;
    } else if (word("false")) {
      v.kind = Json::Kind::boolean;
    } else if (word("null")) {
    } else {
      std::size_t used = 0;
      try {
        v.n = std::stod(t_.substr(i_, 40), &used);
      } catch (...) {
        ok_ = false;
      }
      if (used == 0) ok_ = false;
      i_ += used;
      v.kind = Json::Kind::number;
    }
    return v;
  }
  const std::string& t_;
  std::size_t i_ = 0;
  bool ok_ = true;
};

const Json* term_named(const Json& node, const std::string& name) {
  for (const auto& t : node["terms"].items)
    if (t["name"].s == name) return &t;
  return nullptr;
}

const std::vector<std::string> kGpt2 = {"run", "ActivationMemory", "--config", "gpt2_b8", "--explain"};

// ---- text ------------------------------------------------------------------------------------------
TEST(Explain, ActivationMemoryFormulaWithGpt2NumbersSubstituted) {
  auto r = mlsi(kGpt2);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out.rfind("ActivationMemory (config gpt2_b8)\n\nnone = 66.7969 GiB\n", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("\nnone = 66.7969 GiB\n"
                       "  = L * sbh * (kept_per_sbh + attention_coefficient * a * s / h) * bytes_per_value / paper_value_width -> GiB\n"
                       "  = 48 * 1.31072e+07 * (34 + 5 * 25 * 1024 / 1600) * 2 byte / 2 -> GiB\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\nselective = 19.9219 GiB\n"
                       "  = L * sbh * kept_per_sbh * bytes_per_value / paper_value_width -> GiB\n"
                       "  = 48 * 1.31072e+07 * 34 * 2 byte / 2 -> GiB\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("  sbh = s * b * h = 1024 * 8 * 1600 = 1.31072e+07\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  kept_per_sbh = 34\n"), std::string::npos) << r.out;
}

TEST(Explain, CatalogueFieldsCarryTheEntryAndItsSource) {
  auto r = mlsi(kGpt2);
  ASSERT_EQ(r.status, 0) << r.err;
  std::string source = "source \"Radford et al. 2019 (context 1024, BPE vocabulary 50257)";
  std::string l = line_starting(r.out, "  L = workload.layers = 48 ");
  EXPECT_NE(l.find("GPT2.layers (Workload; " + source), std::string::npos) << r.out;
  // The entry's source is written where a block first cites it; later fields name the entry only.
  std::string h = line_starting(r.out, "    h = workload.hidden_dim = 1600 ");
  EXPECT_TRUE(h.ends_with(" GPT2.hidden_dim (Workload)")) << r.out;
  std::string a = line_starting(r.out, "  a = workload.heads = 25 ");
  EXPECT_TRUE(a.ends_with(" GPT2.heads (Workload)")) << r.out;
  // The notes stand in one column.
  EXPECT_EQ(l.find("GPT2.layers"), h.find("GPT2.hidden_dim")) << r.out;
  // The entry the input names, with where the input came from.
  std::string w = line_starting(r.out, "    workload = GPT2 ");
  EXPECT_TRUE(w.ends_with(" config gpt2_b8; Workload GPT2")) << r.out;
  // Provenance through arithmetic: each output lists GPT2 and its source.
  EXPECT_NE(r.out.find("  depends on: GPT2 (Workload; " + source), std::string::npos) << r.out;
  EXPECT_EQ(count(r.out, "  depends on: GPT2 (Workload; "), 6u) << r.out;  // six outputs
}

TEST(Explain, LetsAreExplainedOnceThenReferenced) {
  auto r = mlsi(kGpt2);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(count(r.out, "sbh = s * b * h"), 1u) << r.out;
  EXPECT_EQ(count(r.out, "L = workload.layers"), 1u) << r.out;
  // `selective` uses sbh again: its value, marked as explained above.
  std::string later = r.out.substr(r.out.find("\nselective = "));
  EXPECT_NE(line_starting(later.substr(1), "  sbh = 1.31072e+07 ").find("see above"), std::string::npos) << r.out;
  // An output that reads another output refers to it.
  std::string per_layer = r.out.substr(r.out.find("\nnone_per_layer = "));
  EXPECT_NE(per_layer.find("\n  = none / L -> GiB\n  = 66.7969 GiB / 48 -> GiB\n"), std::string::npos) << r.out;
  EXPECT_NE(line_starting(per_layer.substr(1), "  none = 66.7969 GiB ").find("see above"), std::string::npos) << r.out;
}

TEST(Explain, InputOriginsDefaultConfigSetAndInputsFile) {
  // Without a config: the defaults, a default that is a formula over the catalogue, and --set.
  auto r = mlsi({"run", "ActivationMemory", "--set", "workload=GPT2", "--set", "microbatch=4", "--explain"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(line_starting(r.out, "    workload = GPT2 ").ends_with(" --set; Workload GPT2")) << r.out;
  EXPECT_NE(line_starting(r.out, "      microbatch = 4 ").find("--set"), std::string::npos) << r.out;
  // seq_len's default `workload.seq_len` read from GPT2.
  std::string seq = line_starting(r.out, "      seq_len = workload.seq_len = 1024 ");
  EXPECT_TRUE(seq.ends_with(" default; GPT2.seq_len (Workload)")) << r.out;
  EXPECT_NE(line_starting(r.out, "  bytes_per_value = 2 byte ").find("default"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  sbh = s * b * h = 1024 * 4 * 1600 = 6553600\n"), std::string::npos) << r.out;

  // A config, then an --inputs file over it.
  TempFile inputs("inputs.toml", "bytes_per_value = \"1 byte\"\n");
  auto f = mlsi({"run", "ActivationMemory", "--config", "gpt2_b8", "--inputs", inputs.path.string(), "--explain"});
  ASSERT_EQ(f.status, 0) << f.err;
  EXPECT_EQ(f.out.rfind("ActivationMemory (config gpt2_b8)\n\nnone = 33.3984 GiB\n", 0), 0u) << f.out;
  EXPECT_NE(line_starting(f.out, "  bytes_per_value = 1 byte ").find("--inputs " + inputs.path.string()), std::string::npos) << f.out;
  EXPECT_NE(line_starting(f.out, "      microbatch = 8 ").find("config gpt2_b8"), std::string::npos) << f.out;
}

TEST(Explain, FunctionCallsAndConstantsArePartOfTheTree) {
  TempFile file("fn.mls",
                "scenario Budget {\n"
                "  input params: Count = 1e9\n"
                "  input tokens: Count = 2e10\n"
                "  output compute: Compute = training_compute(params, tokens)\n"
                "  output optimizer = params * adam_optimizer_bytes -> GB\n"
                "}\n");
  auto r = mlsi({"run", file.path.string(), "--explain"});
  ASSERT_EQ(r.status, 0) << r.err;
  // The call is the whole formula: its arguments' values, then the function's body, step by step.
  std::string compute = line_starting(r.out, "compute = 120 EFLOP ");
  EXPECT_NE(compute.find("fn training_compute(params, tokens) at <prelude>/functions.mls:4"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n  = training_compute(params, tokens)\n"
                       "  = training_compute(1e+09, 2e+10)\n"
                       "  = training_flops_per_param_token * params * tokens\n"
                       "  = 6 FLOP * 1e+09 * 2e+10\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(line_starting(r.out, "  params = 1e9 = 1e+09 ").find("default"), std::string::npos) << r.out;
  EXPECT_NE(line_starting(r.out, "  training_flops_per_param_token = 6 FLOP ").find("constant, <prelude>/constants.mls"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("  depends on: training_flops_per_param_token = 6 FLOP (constant)\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\noptimizer = 12 GB\n  = params * adam_optimizer_bytes -> GB\n  = 1e+09 * 12 byte -> GB\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("  depends on: adam_optimizer_bytes = 12 byte (constant)\n"), std::string::npos) << r.out;
}

// A call inside a formula is a term of its own, expanded; a user function's body reads a catalogue
// field through its parameter, and the entry still reaches `depends on`.
// H100: memory_bandwidth 3.35 TB/s (docs/catalogue.md §3.1.1 hardware); 80 GB / 3.35 TB/s = 80e9/3.35e12 s = 23.8806 ms, twice 47.7612 ms.
TEST(Explain, ProvenanceThroughAUserFunction) {
  TempFile file("user_fn.mls",
                "fn sweep_time(hw: Hardware, size: Information) -> Time = size / hw.memory_bandwidth\n"
                "scenario Read {\n"
                "  input size: Information = 80 GB\n"
                "  output twice = 2 * sweep_time(H100, size) -> ms\n"
                "}\n");
  auto r = mlsi({"run", file.path.string(), "--explain"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\ntwice = 47.7612 ms\n  = 2 * sweep_time(H100, size) -> ms\n  = 2 * 23.8806 ms -> ms\n"), std::string::npos) << r.out;
  std::string call = line_starting(r.out, "  sweep_time(H100, size) = sweep_time(H100, 80 GB) = 23.8806 ms ");
  EXPECT_NE(call.find("fn sweep_time(hw, size) at "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n    = size / hw.memory_bandwidth\n    = 80 GB / 3.35 TB/s\n"), std::string::npos) << r.out;
  EXPECT_NE(line_starting(r.out, "    hw.memory_bandwidth = 3.35 TB/s ").find("H100.memory_bandwidth (Hardware; source \""), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("  depends on: H100 (Hardware; source \"NVIDIA H100 datasheet; Choquette, IEEE Micro 2023\")\n"), std::string::npos) << r.out;
}

TEST(Explain, JsonCarriesTheSameTree) {
  std::vector<std::string> args = kGpt2;
  args.push_back("--format");
  args.push_back("json");
  auto r = mlsi(args);
  ASSERT_EQ(r.status, 0) << r.err;
  Json root;
  ASSERT_TRUE(JsonReader(r.out).read(root)) << r.out;
  EXPECT_EQ(root["scenario"].s, "ActivationMemory");
  EXPECT_EQ(root["config"].s, "gpt2_b8");
  ASSERT_EQ(root["outputs"].items.size(), 6u);
  const Json& none = root["outputs"][0];
  EXPECT_EQ(none["name"].s, "none");
  EXPECT_EQ(none["kind"].s, "output");
  EXPECT_EQ(none["shown"].s, "66.7969 GiB");
  EXPECT_DOUBLE_EQ(none["value"]["si"].n, 71722598400.0);
  EXPECT_EQ(none["value"]["unit"].s, "GiB");
  EXPECT_EQ(none["formula"].s, "L * sbh * (kept_per_sbh + attention_coefficient * a * s / h) * bytes_per_value / paper_value_width -> GiB");
  EXPECT_EQ(none["substituted"].s, "48 * 1.31072e+07 * (34 + 5 * 25 * 1024 / 1600) * 2 byte / 2 -> GiB");
  ASSERT_EQ(none["depends_on"].items.size(), 1u);
  EXPECT_EQ(none["depends_on"][0]["kind"].s, "catalogue");
  EXPECT_EQ(none["depends_on"][0]["name"].s, "GPT2");
  EXPECT_EQ(none["depends_on"][0]["entry_kind"].s, "Workload");
  EXPECT_EQ(none["depends_on"][0]["source"].s.rfind("Radford et al. 2019", 0), 0u);
  const Json* L = term_named(none, "L");
  ASSERT_NE(L, nullptr);
  EXPECT_EQ((*L)["kind"].s, "let");
  EXPECT_EQ((*L)["formula"].s, "workload.layers");
  EXPECT_EQ((*L)["value"]["value"].n, 48);
  const Json& field = (*L)["terms"][0];
  EXPECT_EQ(field["kind"].s, "catalogue");
  EXPECT_EQ(field["catalogue"]["entry"].s, "GPT2");
  EXPECT_EQ(field["catalogue"]["field"].s, "layers");
  EXPECT_EQ(field["catalogue"]["kind"].s, "Workload");
  const Json& workload = field["terms"][0];
  EXPECT_EQ(workload["name"].s, "workload");
  EXPECT_EQ(workload["kind"].s, "input");
  EXPECT_EQ(workload["origin"].s, "config gpt2_b8");
  EXPECT_EQ(workload["value"]["entry"].s, "GPT2");  // an entry is {"entry", "kind"} (docs/language.md §14)
  EXPECT_EQ(workload["value"]["kind"].s, "Workload");
  // Lets shown once: `selective` refers to sbh explained under `none`.
  const Json* sbh = term_named(root["outputs"][1], "sbh");
  ASSERT_NE(sbh, nullptr);
  EXPECT_TRUE((*sbh)["explained_above"].b);
  EXPECT_TRUE((*sbh)["terms"].items.empty());
  EXPECT_EQ((*sbh)["value"]["value"].n, 13107200);
  EXPECT_EQ((*sbh)["depends_on"][0]["name"].s, "GPT2");
}

TEST(Explain, UsageErrors) {
  std::vector<std::string> csv = kGpt2;
  csv.push_back("--format=csv");
  auto r = mlsi(csv);
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "error: --explain writes a tree (table) or JSON, not csv\nrun `mlsi --help` for usage\n");
  auto c = mlsi({"check", "scenarios/training/activation_memory.mls", "--explain"});
  EXPECT_EQ(c.status, 2);
  EXPECT_EQ(c.err, "error: --explain applies to `mlsi run` and `mlsi solve`, not `mlsi check`\nrun `mlsi --help` for usage\n");
  auto v = mlsi({"run", "ActivationMemory", "--explain=yes"});
  EXPECT_EQ(v.status, 2);
  EXPECT_EQ(v.err, "error: --explain takes no value\nrun `mlsi --help` for usage\n");
  // A run that fails explains nothing: the error, exit status 1.
  auto bad = mlsi({"run", "ActivationMemory", "--set", "microbatch=0", "--explain"});
  EXPECT_EQ(bad.status, 1);
  EXPECT_EQ(bad.out, "");
  EXPECT_NE(bad.err.find("input `microbatch` = 0 does not satisfy"), std::string::npos) << bad.err;
}

// A value given as an expression keeps its provenance: --set seq_len=GPT3.seq_len (GPT3's context is
// 2048, docs/catalogue.md §3.2.1) adds GPT3 to `depends on`; sbh = 2048 * 8 * 1600 = 2.62144e+07.
// A long list is elided; an `if` shows the branch taken: sum(range(20)) = 19 * 20 / 2 = 190.
TEST(Explain, GivenExpressionsListsAndBranches) {
  auto r = mlsi({"run", "ActivationMemory", "--config", "gpt2_b8", "--set", "seq_len=GPT3.seq_len", "--explain"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(line_starting(r.out, "      seq_len = GPT3.seq_len = 2048 ").ends_with(" --set; GPT3.seq_len (Workload; source \"Brown et al. 2020 "
                                                                              "(context 2048, same 50257-token BPE); Patterson et al. 2021 (energy); GELU, tied "
                                                                              "embeddings: GPT-2's architecture (Sec. 2.1)\")"))
      << r.out;
  EXPECT_NE(r.out.find("  sbh = s * b * h = 2048 * 8 * 1600 = 2.62144e+07\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n              GPT3 (Workload; source \"Brown et al. 2020"), std::string::npos) << r.out;

  TempFile file("lists.mls",
                "scenario Lists {\n"
                "  input xs: List[Count] = range(20)\n"
                "  input on: Bool = true\n"
                "  output total = if on then sum(xs) else 0\n"
                "}\n");
  auto l = mlsi({"run", file.path.string(), "--explain"});
  ASSERT_EQ(l.status, 0) << l.err;
  EXPECT_NE(l.out.find("\ntotal = 190\n  = if on then sum(xs) else 0\n  = if true then sum([0, 1, 2, …, 19] (20 entries)) else 0\n"),
            std::string::npos)
      << l.out;
  EXPECT_TRUE(line_starting(l.out, "  xs = range(20) = [0, 1, 2, …, 19] (20 entries) ").ends_with(" default")) << l.out;
  EXPECT_NE(l.out.find("  depends on no catalogue entry or constant\n"), std::string::npos) << l.out;
}

// A scenario call is expanded with the call's arguments: what the called scenario rests on reaches the
// caller. tests/examples/group_stats.mls: kv = KvCache(batch = 2).total; KvCache reads Llama2_70B
// (80 layers, 8 KV heads, hidden 8192 / 64 heads = head_dim 128) and H100.memory;
// per_token = 2*80*8*128*2 B = 327680 B = 320 KiB; total = 320 KiB * 2 * 4096 = 2.5 GiB.
// The comprehension's body reads its loop variable, so only its list is substituted.
TEST(Explain, ScenarioCallsAndComprehensions) {
  auto r = mlsi({"run", "tests/examples/group_stats.mls", "--explain"});
  ASSERT_EQ(r.status, 0) << r.err;
  std::string kv = r.out.substr(r.out.find("\nkv = 2.5 GiB\n"));
  EXPECT_NE(line_starting(kv.substr(1), "  KvCache(batch = 2) = {per_token: 320 KiB, total: 2.5 GiB, fits_h100: true} ")
                .find("scenario KvCache at tests/examples/kv_cache.mls:2"),
            std::string::npos)
      << r.out;
  EXPECT_NE(kv.find("\n      = 2 * 80 * 8 * 128 * 2 byte -> KiB\n"), std::string::npos) << r.out;
  EXPECT_TRUE(line_starting(kv.substr(1), "      batch = 2 ").ends_with(" argument of the call")) << r.out;
  EXPECT_NE(kv.find("\n  depends on: Llama2_70B (Workload; source \"Touvron et al. 2023"), std::string::npos) << r.out;
  EXPECT_NE(kv.find("\n              H100 (Hardware; source \"NVIDIA H100 datasheet; Choquette, IEEE Micro 2023\")\n"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\n  = [rewards[i] - baseline[i] for i in range(n)]\n  = [rewards[i] - baseline[i] for i in range(4)]\n"),
            std::string::npos)
      << r.out;
}

// Every built-in scenario (lists, records, enumerations, matches, comprehensions, nested catalogue
// references) explains: valid JSON with one tree per output, each naming its output, and a text tree
// with one `depends on` per output.
TEST(Explain, EveryBuiltInScenarioExplains) {
  mlsi::ProgramSession session;
  session.load_builtin_scenarios();
  ASSERT_TRUE(session.check());
  for (const auto& s : session.program().scenarios) {
    if (!mlsi_test::runs_with_defaults(s)) continue;
    auto j = mlsi({"run", s.name, "--explain", "--format", "json"});
    ASSERT_EQ(j.status, 0) << s.name << ": " << j.err;
    Json root;
    ASSERT_TRUE(JsonReader(j.out).read(root)) << s.name << ":\n" << j.out;
    ASSERT_EQ(root["outputs"].items.size(), s.outputs.size()) << s.name;
    for (std::size_t k = 0; k < s.outputs.size(); ++k)
      EXPECT_EQ(root["outputs"][k]["name"].s, s.slots[static_cast<std::size_t>(s.outputs[k])].name) << s.name;
    auto t = mlsi({"run", s.name, "--explain"});
    ASSERT_EQ(t.status, 0) << s.name << ": " << t.err;
    EXPECT_EQ(count(t.out, "\n  depends on"), s.outputs.size()) << s.name << ":\n" << t.out;
  }
}

TEST(Explain, HelpMentionsTheFlag) {
  auto r = mlsi({"--help"});
  EXPECT_NE(r.out.find("  --explain            each output's derivation"), std::string::npos) << r.out;
}

}  // namespace
