// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The simulation's time series as CSV (File > Export time series).
#pragma once

#include <QString>
#include <cstdint>
#include <functional>
#include <vector>

#include "core/sim/registry.h"
#include "core/sim/runstore.h"
#include "ui/sim/simworker.h"

namespace dms::ui {

/// Writes the kept samples of every run of `job` as CSV, the columns of core/io/runcsv.h (the
/// quantities, the drawn point and the state, one row per sample). Every step only while no
/// playback buffer was thinned (playbackStride() 1): otherwise see saveJobCsv.
bool saveRunsCsv(const QString& path, const std::vector<RunStore>& stores, const SimJob& job,
                 QString* error);

/// The same file with every step of every run of `job`, computed again in this thread (the same
/// job gives the same samples, bit for bit). `progress` is called between chunks with the
/// fraction done; when it returns false the export stops, nothing is written and `error` says
/// it was cancelled. With `every` > 1, each run's every-th sample only, the first and the last
/// always (core/sim/output.h), energy_dev still from the run's first sample and the
/// shadow_energy column empty (it needs each row's neighbours).
bool saveJobCsv(const QString& path, const SimJob& job, const std::function<bool(double)>& progress,
                QString* error, std::int64_t every = 1);

}  // namespace dms::ui
