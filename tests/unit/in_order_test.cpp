// The reorder buffer of a parallel sweep (base/in_order.hpp): chunks produced on several threads are
// consumed on the calling thread in chunk order, never more than `window` of them waiting, and an
// exception on any thread reaches the caller.
#include <atomic>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

#include "base/in_order.hpp"

#include <gtest/gtest.h>

namespace {

// A run of `chunks` chunks whose slots record what was produced into them and by whom.
struct InOrderRecorder {
  std::vector<std::size_t> slot_chunk;
  std::vector<std::size_t> consumed;
  std::atomic<std::size_t> in_flight{0}, most_in_flight{0};
  std::mutex mutex;
  std::vector<unsigned> workers_seen;

  mlsi::InOrderWork work(std::size_t chunks, unsigned jobs, std::size_t window) {
    slot_chunk.assign(window, SIZE_MAX);
    mlsi::InOrderWork w;
    w.chunks = chunks;
    w.jobs = jobs;
    w.window = window;
    w.produce = [this](std::size_t chunk, std::size_t slot, unsigned worker) {
      std::size_t now = ++in_flight;
      for (std::size_t m = most_in_flight; now > m && !most_in_flight.compare_exchange_weak(m, now);) {
      }
      EXPECT_EQ(slot_chunk[slot], SIZE_MAX) << "slot " << slot << " still holds chunk " << slot_chunk[slot];
      slot_chunk[slot] = chunk;
      // Uneven work, so that chunks finish out of order.
      if (chunk % 3 == 0) std::this_thread::yield();
      std::lock_guard lock(mutex);
      workers_seen.push_back(worker);
    };
    w.consume = [this](std::size_t chunk, std::size_t slot) {
      EXPECT_EQ(slot_chunk[slot], chunk);
      slot_chunk[slot] = SIZE_MAX;
      --in_flight;
      consumed.push_back(chunk);
      return true;
    };
    return w;
  }
};

std::vector<std::size_t> zero_to(std::size_t n) {
  std::vector<std::size_t> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = i;
  return v;
}

TEST(InOrder, ChunksAreConsumedInOrderWhateverTheThreads) {
  for (unsigned jobs : {1u, 2u, 3u, 8u}) {
    for (std::size_t window : {std::size_t{1}, std::size_t{2}, std::size_t{5}, std::size_t{16}}) {
      InOrderRecorder r;
      mlsi::run_in_order(r.work(1000, jobs, window));
      EXPECT_EQ(r.consumed, zero_to(1000)) << jobs << " jobs, window " << window;
      // Produced and not yet consumed: never more than the window (memory is flat in the chunks).
      EXPECT_LE(r.most_in_flight.load(), window) << jobs << " jobs, window " << window;
      for (unsigned w : r.workers_seen) EXPECT_LT(w, jobs);
    }
  }
}

TEST(InOrder, OneJobStartsNoThreadAndAlternates) {
  InOrderRecorder r;
  std::thread::id caller = std::this_thread::get_id();
  mlsi::InOrderWork w = r.work(10, 1, 4);
  auto produce = w.produce;
  w.produce = [&](std::size_t chunk, std::size_t slot, unsigned worker) {
    EXPECT_EQ(std::this_thread::get_id(), caller);
    produce(chunk, slot, worker);
  };
  mlsi::run_in_order(w);
  EXPECT_EQ(r.consumed, zero_to(10));
  EXPECT_EQ(r.most_in_flight.load(), 1u);  // each chunk is consumed before the next is produced
}

TEST(InOrder, MoreJobsThanChunksAndNoChunks) {
  InOrderRecorder r;
  mlsi::run_in_order(r.work(3, 64, 128));
  EXPECT_EQ(r.consumed, zero_to(3));
  InOrderRecorder none;
  mlsi::run_in_order(none.work(0, 4, 8));
  EXPECT_TRUE(none.consumed.empty());
}

TEST(InOrder, ConsumeStopsTheWork) {
  for (unsigned jobs : {1u, 4u}) {
    InOrderRecorder r;
    mlsi::InOrderWork w = r.work(100000, jobs, 8);
    auto consume = w.consume;
    w.consume = [&](std::size_t chunk, std::size_t slot) { return consume(chunk, slot) && chunk < 41; };
    mlsi::run_in_order(w);
    EXPECT_EQ(r.consumed, zero_to(42)) << jobs;
  }
}

TEST(InOrder, ExceptionsReachTheCaller) {
  for (unsigned jobs : {1u, 2u, 5u}) {
    // A chunk whose production throws, on whichever thread produces it: no chunk from it on is consumed.
    InOrderRecorder r;
    mlsi::InOrderWork w = r.work(500, jobs, 4);
    auto produce = w.produce;
    w.produce = [&](std::size_t chunk, std::size_t slot, unsigned worker) {
      if (chunk == 77) throw std::runtime_error("chunk 77");
      produce(chunk, slot, worker);
    };
    try {
      mlsi::run_in_order(w);
      ADD_FAILURE() << "no exception with " << jobs << " jobs";
    } catch (const std::runtime_error& e) {
      EXPECT_STREQ(e.what(), "chunk 77");
    }
    ASSERT_LE(r.consumed.size(), 77u);
    EXPECT_EQ(r.consumed, zero_to(r.consumed.size()));

    InOrderRecorder c;
    mlsi::InOrderWork wc = c.work(500, jobs, 4);
    auto consume = wc.consume;
    wc.consume = [&](std::size_t chunk, std::size_t slot) -> bool {
      if (chunk == 5) throw std::logic_error("consumed 5");
      return consume(chunk, slot);
    };
    EXPECT_THROW(mlsi::run_in_order(wc), std::logic_error) << jobs;
  }
}

TEST(InOrder, AvailableCoresIsAtLeastOne) { EXPECT_GE(mlsi::available_cores(), 1u); }

}  // namespace
