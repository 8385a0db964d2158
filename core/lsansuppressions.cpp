// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Compiled into every program and test that links the core, in the ASan builds only
// (core/CMakeLists.txt): CLN, the number library under GiNaC, allocates 26 bytes in its static
// initialisers that it never frees, and LeakSanitizer reports them at the exit of every program
// that loads it, whether or not it parses an expression. GiNaC's parser leaks the node it was
// building when its automatic evaluation throws (a division by zero, e.g. "k/0" or
// "k/(R11-R11)", which the potential's reader refuses): 80 bytes per such text. Our code holds
// GiNaC's objects only by value (GiNaC::ex, reference counted), so what is allocated under those
// two libraries is theirs to free; a leak of ours is still reported. LeakSanitizer calls these
// two functions when it starts; the table of suppressions used stays off stderr, which the CLI
// suites read.
#include "core/sanitizers.h"

#if DMS_ASAN
extern "C" const char* __lsan_default_suppressions() {
  return "leak:libcln.so\nleak:libginac.so\n";
}
extern "C" const char* __lsan_default_options() { return "print_suppressions=0"; }
#endif
