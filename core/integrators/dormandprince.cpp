// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/integrators/dormandprince.h"

namespace dms {

// the dynamic-size Dormand-Prince on std::function, compiled once (the header declares it
// extern)
template class DormandPrinceT<Eigen::Dynamic, OdeRhs>;

}  // namespace dms
