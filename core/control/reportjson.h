// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The JSON object `dmsim control` prints of a solve: "system", then every entry of the result's
/// report (ControlResult::report) by its key, a non-finite number as the text "inf". The CLI and
/// the Python module `dms` both use it, so that they give the same fields and values.
#pragma once

#include <string>

#include "core/control/problem.h"

namespace dms {

/// The object indented by two spaces, without a final newline.
std::string controlReportJson(const std::string& system, const ControlResult& result);

}  // namespace dms
