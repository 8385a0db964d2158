// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// Which samples of a run are kept (stored, written, streamed), for every method alike: every
/// k-th (the first and the last always), the samples at given times (t_eval) or the final one
/// only. The run itself is not changed: every sample it makes still goes to the consumers that
/// need them all (the summary, the shadow energy, the named states of its ends), and the
/// OutputSelector passes the chosen ones on (`dmsim run --every/--t-eval/--final-only`,
/// `dms.run(every=, t_eval=, final_only=)`).
///
/// At given times, a run with dense output (RK45) gives its interpolant's sample at each
/// (Run::interpolate, as its samples at k h with sampling "output"); a fixed-step run gives the
/// sample on the cubic through its samples (sampleinterpolant.h, the events' interpolant),
/// whose named state (CubicInterpolant::parts) is taken back onto SO(d) and S^2. A time equal
/// to a sample's time gives that sample. No run is made twice.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/integrators/run.h"
#include "core/sim/sampleinterpolant.h"

namespace dms {

/// The samples kept. At most one of every, times and finalOnly is given.
struct OutputChoice {
  std::optional<std::int64_t> every;  ///< every k-th sample, k >= 1, the first and last always
  std::optional<std::vector<double>> times;  ///< t_eval: sorted, finite, in [0, end]
  bool finalOnly = false;                    ///< the last sample only
  /// k (1 when not given).
  std::int64_t stride() const { return every.value_or(1); }
  /// Every sample (the default).
  bool all() const { return stride() == 1 && !times && !finalOnly; }
};

/// How a caller spells the choices, for its messages ("--every" or "every").
struct OutputNames {
  std::string every = "every", times = "t_eval", finalOnly = "final_only";
};

/// Checks the choice: one of every, times and finalOnly; every >= 1; times finite, sorted
/// (non-decreasing) and within [0, end], `end` the time of the run's last sample (N h for a
/// fixed step or RK45 sampled at k h, T otherwise) and T the horizon named. Throws InputError
/// naming the field and the range.
void validateOutput(const OutputChoice& choice, double end, double T, const OutputNames& names);

/// The number of samples a run of `steps` steps (steps + 1 samples) keeps: ceil(steps / k) + 1
/// for every k-th, times->size() at given times, 1 for the final one. For a run whose number of
/// samples is not known in advance (RK45 at its own steps), the count for every k-th is 0.
std::size_t keptSampleCount(const OutputChoice& choice, std::int64_t steps, bool known = true);

/// Between a run and its consumers: each sample goes to `every` (the summary: all of them) and
/// the chosen ones to `kept`. Put it where the run's samples go (or after an EventLocator);
/// call finish() once the run is over, which passes the last sample on when every k-th or the
/// final one is asked and it was not passed yet. At given times on a run with dense output it
/// watches the run's steps (Run::observeSteps), after `chained` (an EventLocator's
/// stepObserver()) when given.
class OutputSelector final : public SampleSink, private StepObserver {
 public:
  OutputSelector(const SystemModel& model, Method method, OutputChoice choice, Run& run,
                 SampleSink& every, SampleSink& kept, StepObserver* chained = nullptr);
  ~OutputSelector() override;
  OutputSelector(const OutputSelector&) = delete;
  OutputSelector& operator=(const OutputSelector&) = delete;

  void take(const Sample& s) override;
  /// The run is over: the last sample, if it is to be kept and was not.
  void finish();
  /// Samples passed to `kept` so far.
  std::int64_t keptCount() const { return m_kept; }
  /// The run is watched step by step (dense output at given times).
  bool dense() const { return m_dense; }
  /// The named state of a sample passed to `kept`: on the fixed-step interpolant's manifold
  /// (CubicInterpolant::parts) when at given times, else namedState.
  std::vector<StatePart> namedStateOf(const Sample& s) const;

 private:
  double stepped(double t0, double t1) override;
  void keep(const Sample& s);

  const SystemModel& m_model;
  Method m_method;
  OutputChoice m_choice;
  Run& m_run;
  SampleSink& m_every;
  SampleSink& m_keptSink;
  StepObserver* m_chained = nullptr;
  bool m_dense = false;
  std::int64_t m_index = 0;      // samples taken
  std::int64_t m_untilKept = 0;  // samples until the next k-th (a count, not a division)
  std::int64_t m_kept = 0;
  std::size_t m_nextTime = 0;  // the next of choice.times
  Sample m_last;               // the last sample taken, when it may have to be kept at the end
  bool m_lastKept = true;
  double m_stopAt;  // a terminal event's time (dense runs with events)
  double m_lastTime = 0.0;
  CubicInterpolant m_cubic;
  Sample m_at;  // a sample interpolated at a given time
};

}  // namespace dms
