// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// A parallel for-loop over independent tasks on std::threads (no Qt: this is the core), and
/// the CPU clock of the calling thread, which times one task among several running at once.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <vector>

namespace dms {

/// The number of jobs to use by default: std::thread::hardware_concurrency(), at least 1.
unsigned defaultJobs();

/// Calls task(i) once for every i in `order` (a permutation of 0..n-1, or empty for 0..n-1 in
/// turn) on min(jobs, n) threads, the calling thread being one of them. Each thread takes the
/// next index from a shared atomic counter, so a long task does not hold up the others; the
/// tasks must be independent and write their results by index, so that the results do not
/// depend on `jobs`. Returns when every task has run. With `cancel` set, tasks not yet started
/// are skipped. The first exception a task throws is rethrown here once every thread has
/// stopped; the tasks after it are skipped.
void parallelFor(std::size_t n, unsigned jobs, const std::function<void(std::size_t)>& task,
                 const std::vector<std::size_t>& order = {},
                 const std::atomic<bool>* cancel = nullptr);

/// CPU seconds used by the calling thread so far (CLOCK_THREAD_CPUTIME_ID): a task's own cost
/// while other tasks run on the other cores, which std::clock (the whole process) is not.
double threadCpuSeconds();

}  // namespace dms
