# SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
# SPDX-License-Identifier: GPL-3.0-or-later
# The CTest test unix_makefiles_build (tests/CMakeLists.txt): the presets build with Ninja, which
# hides what only the other generators need (a custom command's output folder that nothing
# makes: Ninja makes it, make does not). This script configures a fresh Unix Makefiles build of
# the source tree, without the GUI and the benchmarks, and builds one bundle of suites, TARGET,
# whose moc step writes into such a folder. The Python module stays configured (not built): it
# makes the core position-independent (python/CMakeLists.txt), so the core is compiled with the
# presets' flags (without -fPIC GCC 12 -O3 stops at a -Wuse-after-free false alarm in
# core/systems/system.cpp's hasMethod, inlined into each system's makeRun).
#   cmake -DSOURCE_DIR=... -DBINARY_DIR=... -DCXX=... -DBUILD_TYPE=... -DTARGET=suites_core
#         -P makefiles_build.cmake
# The compiler cache makes it cheap once it ran: the build folder is always at the same place
# under the build tree, so its compile commands (relative to the source tree, see CCACHE_BASEDIR
# in the top CMakeLists.txt) are the same in every run and in every clone.
foreach(var SOURCE_DIR BINARY_DIR CXX BUILD_TYPE TARGET)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "makefiles_build.cmake: -D${var}=... missing")
  endif()
endforeach()
find_program(MAKE_PROGRAM NAMES make gmake REQUIRED)

file(REMOVE_RECURSE "${BINARY_DIR}")
execute_process(
  COMMAND "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${BINARY_DIR}" -G "Unix Makefiles"
          "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}" "-DCMAKE_CXX_COMPILER=${CXX}"
          "-DCMAKE_BUILD_TYPE=${BUILD_TYPE}" -DDMS_BUILD_GUI=OFF -DDMS_BUILD_BENCH=OFF
  OUTPUT_QUIET RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configuring a Unix Makefiles build in ${BINARY_DIR} failed: ${rc}")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" --build "${BINARY_DIR}" --target "${TARGET}" -j 2
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "building ${TARGET} with Unix Makefiles failed: ${rc}")
endif()
message(STATUS "${TARGET} built with Unix Makefiles")
