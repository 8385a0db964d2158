#include "core/integrators/rkrun.h"

namespace dms {

// the dynamic-size run, compiled once (the header declares it extern)
template class RkRunT<ContinuousForm>;

}  // namespace dms
