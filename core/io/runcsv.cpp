// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/runcsv.h"

#include <algorithm>
#include <cmath>

namespace dms {

std::string runCsvHeader(const std::vector<std::string>& stateColumns,
                         const std::vector<std::string>& controlColumns) {
  std::string h = "method,t,energy,energy_dev,structure,structure2,L1,L2,L3,x,y,z,shadow_energy";
  for (const std::string& n : stateColumns) h += "," + n;
  for (const std::string& n : controlColumns) h += "," + n;
  return h;
}

RunCsvWriter::RunCsvWriter(std::ostream& out, const SystemModel& model,
                           const std::vector<std::vector<std::string>>& stateNames)
    : m_out(out), m_model(model) {
  for (const std::vector<std::string>& names : stateNames) {
    std::vector<int> pos;
    for (const std::string& n : names) {
      auto it = std::find(m_stateColumns.begin(), m_stateColumns.end(), n);
      if (it == m_stateColumns.end()) it = m_stateColumns.insert(m_stateColumns.end(), n);
      pos.push_back(int(it - m_stateColumns.begin()));
    }
    m_statePos.push_back(std::move(pos));
  }
  m_cells.assign(m_stateColumns.size(), nullptr);
  m_structure = !model.structureName().empty();
  m_momentum = model.hasAngularMomentum();
}

void RunCsvWriter::addControlColumns(const std::vector<std::string>& names) {
  const std::string header = runCsvHeader(m_stateColumns, m_controlColumns) + ",";
  for (const std::string& n : names) {
    const bool taken =
        header.find("," + n + ",") != std::string::npos || header.rfind(n + ",", 0) == 0 ||
        std::find(m_controlColumns.begin(), m_controlColumns.end(), n) != m_controlColumns.end();
    m_controlColumns.push_back(taken ? "u_" + n : n);
  }
}

void RunCsvWriter::writeHeader() {
  m_out.precision(17);
  m_out << runCsvHeader(m_stateColumns, m_controlColumns) << '\n';
}

void RunCsvWriter::beginRun(std::size_t index, Method method) {
  finish();  // the previous run's last rows
  m_run = index;
  m_method = method;
  m_structure2 = m_model.hasStructure2(method);
  m_energyFromFirst = true;
}

void RunCsvWriter::beginRun(std::size_t index, Method method, double energy0) {
  beginRun(index, method);
  m_energyFromFirst = false;
  m_energy0 = energy0;
}

void RunCsvWriter::followShadow(RunShadow& shadow) {
  m_shadow = shadow.stream() ? &shadow : nullptr;
  // a value of order 2k sits at the centre of its k + 1 samples, k/2 = order/4 samples back
  m_waiting.resize(std::size_t(kRunShadowOrder / 4) + 1);
  m_waitingCount = 0;
}

void RunCsvWriter::take(const Sample& s) {
  if (!m_shadow) {
    writeRow(s, nullptr);
    return;
  }
  // the value that s completes is the one of the sample k/2 before it, the oldest waiting
  const std::size_t lag = m_waiting.size() - 1;
  m_waiting[m_waitingCount++] = s;
  const bool value = m_shadow->take(s);
  if (m_waitingCount > lag) {
    const double v = value ? m_shadow->stream()->value() : 0.0;
    writeRow(m_waiting.front(), value ? &v : nullptr);
    std::rotate(m_waiting.begin(), m_waiting.begin() + 1, m_waiting.end());
    --m_waitingCount;
  }
}

void RunCsvWriter::finish() {
  for (std::size_t i = 0; i < m_waitingCount; ++i) writeRow(m_waiting[i], nullptr);
  m_waitingCount = 0;
  m_shadow = nullptr;
}

void RunCsvWriter::writeRow(const Sample& s, const double* shadow) {
  if (m_energyFromFirst) m_energy0 = s.energy;
  m_energyFromFirst = false;
  // an empty cell where the run has no such quantity
  const auto cell = [this](bool has, double v) {
    m_out << ',';
    if (has) m_out << v;
  };
  m_out << methodName(m_method) << ',' << s.t << ',' << s.energy << ','
        << std::fabs(s.energy - m_energy0);
  cell(m_structure, s.structure);
  cell(m_structure2, s.structure2);
  for (int i = 0; i < 3; ++i) cell(m_momentum, s.momentum[i]);
  for (int i = 0; i < 3; ++i) cell(true, s.position[i]);
  cell(shadow != nullptr, shadow ? *shadow : 0.0);
  std::fill(m_cells.begin(), m_cells.end(), nullptr);
  if (m_run < m_statePos.size()) {
    const std::vector<int>& pos = m_statePos[m_run];
    for (std::size_t i = 0; i < pos.size() && Eigen::Index(i) < s.state.size(); ++i)
      m_cells[std::size_t(pos[i])] = &s.state[Eigen::Index(i)];
  }
  for (const double* v : m_cells) cell(v != nullptr, v ? *v : 0.0);
  for (std::size_t i = 0; i < m_controlColumns.size(); ++i)
    cell(Eigen::Index(i) < s.control.size(),
         Eigen::Index(i) < s.control.size() ? s.control[Eigen::Index(i)] : 0.0);
  m_out << '\n';
}

}  // namespace dms
