// source/text_rules' utf8_characters: the characters of UTF-8 text, counted eight bytes at a time, against
// the count of its lead bytes one by one, on texts whose multi-byte characters straddle the 8-byte words.
#include <gtest/gtest.h>

#include <string>

#include "source/text_rules.hpp"

namespace mlsi {
namespace {

TEST(Utf8Characters, CountsCharactersNotBytes) {
  EXPECT_EQ(utf8_characters(""), 0u);
  EXPECT_EQ(utf8_characters("abcdefg"), 7u);
  EXPECT_EQ(utf8_characters("abcdefgh"), 8u);
  // é (2 bytes), § (2), € (3), 😀 (4): 4 characters, 11 bytes.
  EXPECT_EQ(utf8_characters("\u00e9\u00a7\u20ac\U0001F600"), 4u);
  // A 4-byte character at every offset across two 8-byte words: 7 + 1 + 8 characters.
  for (std::size_t before = 0; before <= 12; ++before) {
    std::string text = std::string(before, 'a') + "\U0001F600" + std::string(8, 'b');
    EXPECT_EQ(utf8_characters(text), before + 1 + 8) << before;
  }
  // 100 copies of "é§x": 300 characters in 500 bytes.
  std::string repeated;
  for (int i = 0; i < 100; ++i) repeated += "\u00e9\u00a7x";
  EXPECT_EQ(repeated.size(), 500u);
  EXPECT_EQ(utf8_characters(repeated), 300u);
}

}  // namespace
}  // namespace mlsi
