// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// Counts the heap allocations of the benchmark process, so that a benchmark can show that a
/// loop allocates nothing.
///
/// Two levels, because a counting operator new alone is blind to Eigen: Eigen's dynamic
/// matrices allocate through Eigen::internal::aligned_malloc, which calls std::malloc directly.
/// - alloccounter.cpp replaces every global operator new / delete (the standard C++ way);
/// - it also defines malloc, calloc, realloc, memalign, aligned_alloc and posix_memalign in the
///   executable, which interposes them for the whole process (glibc documents this as
///   "replacing malloc"); they count and forward to glibc's __libc_* allocator, so free() stays
///   glibc's own.
/// Every allocation is counted once in `allocations`; `news` counts the operator new calls
/// among them. selfTest() checks that both counters see what they should.
#pragma once

#include <cstdint>
#include <string>

namespace dms::bench {

struct HeapCounts {
  std::uint64_t allocations = 0;  ///< every heap allocation (malloc family and operator new)
  std::uint64_t news = 0;         ///< the operator new calls among them
};

/// Counts since the start of the process (all threads).
HeapCounts heapCounts();

/// Allocates through operator new and through an Eigen::VectorXd and checks that the counters
/// moved as expected. Returns false, with the reason in `why`, if the counters are blind.
bool selfTest(std::string* why);

}  // namespace dms::bench
