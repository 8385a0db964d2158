// The simulation's time series as CSV (File > Export time series).
#pragma once

#include <QString>
#include <vector>

#include "core/sim/registry.h"
#include "core/sim/runstore.h"

namespace dms::ui {

/// Writes the kept samples of every run as CSV: method, t, energy, energy_dev, structure,
/// structure2, L1..L3, x, y, z (one row per sample; long runs at the playback buffer's stride).
bool saveRunsCsv(const QString& path, const std::vector<RunStore>& stores,
                 const std::vector<Method>& methods, QString* error);

}  // namespace dms::ui
