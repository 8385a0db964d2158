// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The one table of the 3D view's drawings: a body kind (core/systems/declaration.h) to its
// visual. A system is drawn by the kind of the first body it declares, so a new system made of a
// kind drawn here needs nothing of the view; a new kind is one visual and one row here.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/params.h"
#include "ui/scene3d/qt3d/systemvisual.h"

namespace dms::ui::scene3d {

/// The visual of a system, or a placeholder (a grid and a caption saying that there is no
/// drawing, with a warning on the log) for a system the table does not have. Throws InputError
/// on a parameter that cannot be drawn.
std::unique_ptr<SystemVisual> makeVisual(const std::string& system, const ParamValues& params,
                                         const VisualRoots& roots);
/// The numbers a system's drawing is built from (SystemVisual): equal layouts draw the same
/// scene. Empty for a system without a drawing; throws InputError as makeVisual would.
std::vector<double> visualLayout(const std::string& system, const ParamValues& params);
/// The same for a body declared as `body` (the first body of a system's declaration): the
/// parameters its sizes name are read in place of the names the kind's drawing uses.
std::vector<double> visualLayout(const BodyDeclaration& body, const ParamValues& params);
/// Whether the table has a drawing for the system.
bool hasVisual(const std::string& system);

}  // namespace dms::ui::scene3d
