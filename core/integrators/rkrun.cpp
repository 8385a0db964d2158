// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/integrators/rkrun.h"

namespace dms {

// the dynamic-size run, compiled once (the header declares it extern)
template class RkRunT<ContinuousForm>;

}  // namespace dms
