// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The time series of runs as CSV, one writer for the app and the CLI: one row per sample,
/// every quantity by name, so a file can rebuild a phase portrait or be read by column name.
///
///   method,t,energy,energy_dev,structure,structure2,L1,L2,L3,x,y,z,shadow_energy,<state>
///
/// <state> is each run's own coordinates (Run::stateNames(): q,v for the mass-spring;
/// R11..R22,Omega on SO(2); q1..q3,w1..w3 on S^2; the rigid body's x, v, R or quaternion,
/// Omega), the union over the runs of the file in the order first seen. A cell a run has no
/// value for (no structure error, no conserved momentum, a coordinate of another method's
/// state) is empty, never 0. x, y, z: the point the 3D view draws (bob, block, centre of mass).
/// shadow_energy: the run's shadow energy H~ of order 4 at the sample (core/sim/shadowenergy.h)
/// where the writer follows it (followShadow); empty at the first and last sample, for a run
/// that has none, and where it is not followed.
///
/// A run closed by a control law (core/sim/controlledrun.h) adds its control's entries at the
/// end, named as the law names them (controlEntryNames: tau1 tau2 tau3, f, f1_1 ...): the
/// control held over the step from the row's sample, empty at the last sample.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "core/integrators/run.h"
#include "core/sim/shadowenergy.h"
#include "core/systems/system.h"

namespace dms {

class RunCsvWriter : public SampleSink {
 public:
  /// `stateNames`: every run's Run::stateNames(), in the order the runs will be written.
  RunCsvWriter(std::ostream& out, const SystemModel& model,
               const std::vector<std::vector<std::string>>& stateNames);
  /// Control columns after the others (before writeHeader): each row writes Sample::control's
  /// entries under them, an empty cell where the sample has none. A name another column has
  /// already is written u_NAME.
  void addControlColumns(const std::vector<std::string>& names);
  /// The header row.
  void writeHeader();
  /// The rows that follow belong to run `index` (of the constructor's list), made by `method`;
  /// energy_dev is measured from `energy0`, or from the run's first row when none is given.
  void beginRun(std::size_t index, Method method);
  void beginRun(std::size_t index, Method method, double energy0);
  void take(const Sample& s) override;
  /// From the next row on, the shadow_energy column of the current run: each row waits for the
  /// sample after it, whose arrival completes the row's value; finish() writes the last one.
  /// A run without a shadow energy (shadow.stream() null) leaves the column empty.
  void followShadow(RunShadow& shadow);
  /// Writes the rows still waiting for a shadow value (the run's last), with an empty cell.
  void finish();
  const std::vector<std::string>& columns() const { return m_columns; }

 private:
  void writeRow(const Sample& s, const double* shadow);

  std::ostream& m_out;
  RunShadow* m_shadow = nullptr;
  /// Rows waiting for their shadow value (kRunShadowOrder / 4 at most, and the newest), oldest
  /// first; their storage reused row after row.
  std::vector<Sample> m_waiting;
  std::size_t m_waitingCount = 0;
  const SystemModel& m_model;
  std::vector<std::string> m_columns;
  std::vector<std::string> m_stateColumns;
  std::vector<std::string> m_controlColumns;
  std::vector<std::vector<int>> m_statePos;  ///< per run: its state's index in m_stateColumns
  std::vector<const double*> m_cells;        ///< one row's state cells, reused
  std::size_t m_run = 0;
  Method m_method = Method::Variational;
  bool m_structure = false, m_structure2 = false, m_momentum = false;
  bool m_energyFromFirst = true;
  double m_energy0 = 0.0;
};

/// The same columns for `dmsim run --csv` and the app. The first line of a run CSV.
std::string runCsvHeader(const std::vector<std::string>& stateColumns,
                         const std::vector<std::string>& controlColumns = {});

}  // namespace dms
