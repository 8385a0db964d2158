// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// A sweep's result as `dmsim sweep` prints it (JSON) and back: the fields docs/cli.md
/// documents, and for a shard the "shard" object its merge needs. The CLI and the Python module
/// `dms` both use these, so that they give the same numbers.
#pragma once

#include <string>

#include "core/analysis/sweep.h"

namespace dms {

/// The sweep's JSON object, indented by two spaces (without a final newline); with `shard`, the
/// "shard" object too (which slice, the whole sweep's definition, the error parts and failures).
std::string sweepToJson(const SweepResult& result, bool shard);

/// A shard's JSON text (sweepToJson with shard) back into its result; throws InputError naming
/// `file` (the label of the text in messages, e.g. a file name) and what is wrong.
SweepResult sweepFromJson(const std::string& text, const std::string& file);

}  // namespace dms
