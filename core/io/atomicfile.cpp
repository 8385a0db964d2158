// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/atomicfile.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace dms {

AtomicFile::~AtomicFile() { discard(); }

bool AtomicFile::open(const std::string& path) {
  discard();
  m_path = path;
  m_tmp = path + ".tmp-" + std::to_string(::getpid());
  m_out.open(m_tmp, std::ios::out | std::ios::trunc | std::ios::binary);
  if (!m_out) {
    m_error = "cannot write '" + path + "': " + std::strerror(errno);
    return false;
  }
  m_open = true;
  return true;
}

bool AtomicFile::commit() {
  if (!m_open) return false;
  m_out.flush();
  const bool good = m_out.good();
  m_out.close();
  m_open = false;
  if (!good) {
    m_error = "writing '" + m_path + "' failed (disk full?)";
    std::remove(m_tmp.c_str());
    return false;
  }
  if (std::rename(m_tmp.c_str(), m_path.c_str()) != 0) {
    m_error = "cannot replace '" + m_path + "': " + std::strerror(errno);
    std::remove(m_tmp.c_str());
    return false;
  }
  return true;
}

void AtomicFile::discard() {
  if (!m_open) return;
  m_out.close();
  m_open = false;
  std::remove(m_tmp.c_str());
}

}  // namespace dms
