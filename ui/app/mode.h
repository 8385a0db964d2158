// The Mode interface is ui/mode/mode.h; this header forwards to it for a file that still
// includes it here.
#pragma once

#include "ui/mode/mode.h"
