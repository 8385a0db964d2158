// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// dmsim reproduce: the article's numerical examples, our figures beside the printed ones.
#include <cmath>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>

#include "app/dmsim/cli.h"
#include "core/integrators/settingkeys.h"

namespace dms::cli {
namespace {

using Json = nlohmann::ordered_json;

}  // namespace

void defineReproduce(CommandOptions& c) {
  c.app().description(
      "The article's four examples at its set-ups, our figures beside the printed ones.");
  c.flag("--json", "the same as JSON");
  c.unknownMessage([](const std::string& arg, const std::string& known) {
    return "reproduce: unknown option '" + arg + "' (known:" + known + ")";
  });
}

int cmdReproduce(const Options& o) {
  const bool json = o.flag("--json");
  Json rows = Json::array();
  bool anyFailed = false;
  for (const SystemModel* model : allSystems()) {
    for (const ArticleFigure& f : model->articleFigures()) {
      const IntegratorSettings st = model->defaultSettings();
      const ParamValues values = model->normalize({}, nullptr);
      const RunResult r = runToEnd(*model, values, f.method, st, nullptr);
      anyFailed = anyFailed || r.failure.failed;
      const bool energy = f.quantity == ArticleFigure::Quantity::EnergyMeanDev;
      const double ours = energy ? r.summary.energyMeanDev / f.energyUnit : r.summary.structureMean;
      Json j;
      j["example"] = f.example;
      j["system"] = model->name();
      j["integrator"] = methodName(f.method);
      j["quantity"] = energy ? (f.unitName.empty() ? std::string("mean |E - E0|")
                                                   : "mean |E - E0| / (" + f.unitName + ")")
                             : "mean structure error " + model->structureName();
      for (const char* key : {"h", "T"}) {
        const SettingKey& k = settingKey(key);
        j[k.fileKey] = settingNumber(st, k);
      }
      j["ours"] = ours;
      j["article"] = std::isnan(f.printed) ? Json() : Json(f.printed);
      j["ratio"] = std::isnan(f.printed) ? Json() : Json(ours / f.printed);
      j["cpu_s"] = r.cpuSeconds;
      j["note"] = f.note;
      if (r.failure.failed) j["failure"] = r.failure.reason;
      rows.push_back(j);
    }
  }
  if (json) {
    std::cout << Json{{"rows", rows}}.dump(2) << "\n";
  } else {
    std::cout << "Lee, Leok and McClamroch, \"Discrete Control Systems\": our figures beside the "
                 "article's\nRK45 = Dormand-Prince with MATLAB ode45's controller, RelTol 1e-3, "
                 "AbsTol 1e-6, sampled at t_k = k h\n\n";
    std::cout << std::left << std::setw(3) << "ex" << std::setw(20) << "system" << std::setw(10)
              << "int" << std::setw(40) << "quantity" << std::setw(13) << "ours" << std::setw(13)
              << "article"
              << "note\n";
    for (const Json& j : rows) {
      std::ostringstream ours, art;
      ours << std::scientific << std::setprecision(4) << j["ours"].get<double>();
      if (j["article"].is_null())
        art << "-";
      else
        art << std::scientific << std::setprecision(4) << j["article"].get<double>();
      std::cout << std::setw(3) << j["example"].get<std::string>() << std::setw(20)
                << j["system"].get<std::string>() << std::setw(10)
                << j["integrator"].get<std::string>() << std::setw(40)
                << j["quantity"].get<std::string>() << std::setw(13) << ours.str() << std::setw(13)
                << art.str() << j["note"].get<std::string>() << "\n";
    }
  }
  return anyFailed ? kFailed : kOk;
}

}  // namespace dms::cli
