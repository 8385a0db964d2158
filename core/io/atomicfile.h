// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// A file written to a temporary name beside its target and renamed over it on commit(), so an
/// export never leaves a partial file behind (the temporary is removed if not committed).
#pragma once

#include <fstream>
#include <string>

namespace dms {

class AtomicFile {
 public:
  AtomicFile() = default;
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  ~AtomicFile();

  /// Opens the temporary file; false (and error() says why) when the folder is not writable.
  bool open(const std::string& path);
  std::ofstream& stream() { return m_out; }
  /// Flushes, closes and renames over the target; false (and error()) on any write failure.
  bool commit();
  /// Closes and removes the temporary file.
  void discard();
  const std::string& error() const { return m_error; }

 private:
  std::string m_path, m_tmp, m_error;
  std::ofstream m_out;
  bool m_open = false;
};

}  // namespace dms
