// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/bodies.h"

#include <nlohmann/json.hpp>

#include "core/systems/twobody.h"

namespace dms {

std::string withBodies(const std::string& reportJson, const SystemModel& model,
                       const ParamValues& values) {
  if (!dynamic_cast<const TwoBody*>(&model)) return reportJson;
  using Json = nlohmann::ordered_json;
  // the same text back for every field before (nlohmann prints a double as the shortest text
  // that reads back as it)
  Json j = Json::parse(reportJson);
  const TwoBodyParams p = TwoBodyParams::from(values);
  Json bodies = Json::array();
  for (const SphereBody& b : p.body) {
    Json spheres = Json::array();
    for (int i = 0; i < b.n; ++i)
      spheres.push_back(
          {{"mass", b.m[std::size_t(i)]},
           {"radius", b.r[std::size_t(i)]},
           {"centre",
            {b.c[std::size_t(i)].x(), b.c[std::size_t(i)].y(), b.c[std::size_t(i)].z()}}});
    Json J = Json::array();
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) J.push_back(b.J(r, c));
    bodies.push_back({{"mass", b.mass}, {"inertia", J}, {"spheres", spheres}});
  }
  j["bodies"] = bodies;
  return j.dump(2);
}

}  // namespace dms
