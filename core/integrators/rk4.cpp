// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/integrators/rk4.h"

namespace dms {

template class Rk4StepperT<ContinuousForm>;

}  // namespace dms
