// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/alloccounter.h"

#include <benchmark/benchmark.h>

#include <Eigen/Core>
#include <atomic>
#include <cerrno>
#include <cstddef>
#include <cstdlib>
#include <new>

// glibc's allocator under its exported internal names (glibc >= 2.0, still in 2.36)
extern "C" {
void* __libc_malloc(std::size_t size);
void* __libc_calloc(std::size_t n, std::size_t size);
void* __libc_realloc(void* p, std::size_t size);
void* __libc_memalign(std::size_t alignment, std::size_t size);
}

namespace {

std::atomic<std::uint64_t> g_allocations{0};
std::atomic<std::uint64_t> g_news{0};

void countAllocation() { g_allocations.fetch_add(1, std::memory_order_relaxed); }

// operator new: counted once in g_news and once (through the interposed malloc) in g_allocations
void* newImpl(std::size_t size, std::size_t alignment, bool nothrow) {
  g_news.fetch_add(1, std::memory_order_relaxed);
  if (size == 0) size = 1;
  while (true) {
    countAllocation();
    void* p = alignment > alignof(std::max_align_t) ? __libc_memalign(alignment, size)
                                                    : __libc_malloc(size);
    if (p) return p;
    std::new_handler handler = std::get_new_handler();
    if (!handler) {
      if (nothrow) return nullptr;
      throw std::bad_alloc();
    }
    handler();
  }
}

}  // namespace

extern "C" {

void* malloc(std::size_t size) noexcept {
  countAllocation();
  return __libc_malloc(size);
}

void* calloc(std::size_t n, std::size_t size) noexcept {
  countAllocation();
  return __libc_calloc(n, size);
}

void* realloc(void* p, std::size_t size) noexcept {
  countAllocation();
  return __libc_realloc(p, size);
}

void* memalign(std::size_t alignment, std::size_t size) noexcept {
  countAllocation();
  return __libc_memalign(alignment, size);
}

void* aligned_alloc(std::size_t alignment, std::size_t size) noexcept {
  countAllocation();
  return __libc_memalign(alignment, size);
}

int posix_memalign(void** out, std::size_t alignment, std::size_t size) noexcept {
  if (alignment % sizeof(void*) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
  countAllocation();
  void* p = __libc_memalign(alignment, size);
  if (!p) return ENOMEM;
  *out = p;
  return 0;
}

}  // extern "C"

void* operator new(std::size_t size) { return newImpl(size, 0, false); }
void* operator new[](std::size_t size) { return newImpl(size, 0, false); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  return newImpl(size, 0, true);
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  return newImpl(size, 0, true);
}
void* operator new(std::size_t size, std::align_val_t a) {
  return newImpl(size, static_cast<std::size_t>(a), false);
}
void* operator new[](std::size_t size, std::align_val_t a) {
  return newImpl(size, static_cast<std::size_t>(a), false);
}
void* operator new(std::size_t size, std::align_val_t a, const std::nothrow_t&) noexcept {
  return newImpl(size, static_cast<std::size_t>(a), true);
}
void* operator new[](std::size_t size, std::align_val_t a, const std::nothrow_t&) noexcept {
  return newImpl(size, static_cast<std::size_t>(a), true);
}

void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }

namespace dms::bench {

HeapCounts heapCounts() {
  return {g_allocations.load(std::memory_order_relaxed), g_news.load(std::memory_order_relaxed)};
}

bool selfTest(std::string* why) {
  // a new-expression must be seen by both counters
  const HeapCounts a = heapCounts();
  double* d = new double(1.0);
  benchmark::DoNotOptimize(d);
  delete d;
  const HeapCounts b = heapCounts();
  if (b.news - a.news != 1 || b.allocations - a.allocations != 1) {
    *why = "a new-expression was not counted exactly once (news +" +
           std::to_string(b.news - a.news) + ", allocations +" +
           std::to_string(b.allocations - a.allocations) + ")";
    return false;
  }
  // an Eigen heap matrix goes to malloc, not to operator new
  {
    Eigen::VectorXd v(64);
    v.setOnes();
    benchmark::DoNotOptimize(v.data());
  }
  const HeapCounts c = heapCounts();
  if (c.allocations - b.allocations != 1 || c.news != b.news) {
    *why =
        "an Eigen::VectorXd allocation was not counted exactly once at the malloc level "
        "(allocations +" +
        std::to_string(c.allocations - b.allocations) + ", news +" +
        std::to_string(c.news - b.news) + ")";
    return false;
  }
  return true;
}

}  // namespace dms::bench
