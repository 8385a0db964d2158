// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The example scenarios (resources/examples: the app's File > Examples, dms.examples()),
/// compiled into the core by CMake (core/io/examples.cpp.in), so that `dmsim run --example
/// NAME` opens them without the files beside it.
#pragma once

#include <string>
#include <vector>

namespace dms {

/// The examples' names (their file names without .json), sorted.
std::vector<std::string> exampleNames();

/// The scenario text of example `name`. Throws InputError naming the examples for another.
std::string exampleText(const std::string& name);

}  // namespace dms
