// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/control/reportjson.h"

#include <cmath>
#include <nlohmann/json.hpp>
#include <type_traits>

#include "core/version.h"

namespace dms {
namespace {

using Json = nlohmann::ordered_json;

Json jsonNumber(double v) { return std::isfinite(v) ? Json(v) : Json("inf"); }

Json jsonValue(const ReportEntry::Value& v) {
  return std::visit(
      [](const auto& x) -> Json {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, double>) {
          return jsonNumber(x);
        } else if constexpr (std::is_same_v<T, std::vector<double>>) {
          Json a = Json::array();
          for (double d : x) a.push_back(jsonNumber(d));
          return a;
        } else {
          return Json(x);
        }
      },
      v);
}

}  // namespace

std::string controlReportJson(const std::string& system, const ControlResult& result) {
  Json j;
  j["system"] = system;
  for (const ReportEntry& e : result.report) j[e.key] = jsonValue(e.value);
  j["version"] = DMS_VERSION;  // the program that computed it
  return j.dump(2);
}

}  // namespace dms
