// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The typeset form of the plain-text names and units the core gives its quantities
// ("||I - R^T R||", "kg m^2/s", "|q.omega|"): what a window, a plot or a figure shows, in UTF-8
// ("‖I − RᵀR‖", "kg m²/s", "|q·ω|"). Files that scripts read (CSV headers, JSON) keep the plain
// names; only what a person reads is typeset, so that a plot never shows "|E − E₀|" beside
// "||I - R^T R||".
#pragma once

#include <string>

namespace dms {

/// Greek letter names (theta, omega, Omega, rho, ...) as letters, the powers ^2, ^3, ^-1 and ^T
/// as superscripts (R^T R -> RᵀR), as are the marks ^d, ^f, ^m (q^d -> qᵈ), "||x||" as the norm
/// ‖x‖, a binary " - " as a minus sign, a dot between two letters (q.omega) as the product dot
/// and the index _i after a letter as a subscript (q_i -> qᵢ).
/// Other text is left as it is.
std::string typeset(const std::string& plain);

/// A parameter's name as a person reads it (the plain name stays what --set, scenario files and
/// Python take): typeset, with its digits as subscripts and an underscore between two indices
/// as a comma: theta0 -> θ₀, mu -> μ, rho3 -> ρ₃, m_1 -> m₁, q0_2 -> q₀,₂, m1_2 -> m₁,₂.
std::string typesetName(const std::string& name);

}  // namespace dms
