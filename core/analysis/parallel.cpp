// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/parallel.h"

#include <time.h>

#include <algorithm>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace dms {

unsigned defaultJobs() { return std::max(1u, std::thread::hardware_concurrency()); }

void parallelFor(std::size_t n, unsigned jobs, const std::function<void(std::size_t)>& task,
                 const std::vector<std::size_t>& order, const std::atomic<bool>* cancel) {
  if (!order.empty() && order.size() != n)
    throw std::invalid_argument("parallelFor: order is not a permutation of the tasks");
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stop{false};
  std::exception_ptr error;
  std::mutex errorMutex;
  const auto work = [&] {
    while (!stop.load() && !(cancel && cancel->load())) {
      const std::size_t k = next.fetch_add(1);
      if (k >= n) return;
      try {
        task(order.empty() ? k : order[k]);
      } catch (...) {
        const std::lock_guard<std::mutex> lock(errorMutex);
        if (!error) error = std::current_exception();
        stop.store(true);
      }
    }
  };
  const std::size_t threads = std::min<std::size_t>(std::max(1u, jobs), n);
  std::vector<std::thread> pool;
  for (std::size_t t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
  if (error) std::rethrow_exception(error);
}

double threadCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

}  // namespace dms
