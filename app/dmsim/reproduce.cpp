// dmsim reproduce: the article's numerical examples, our figures beside the printed ones.
#include <cmath>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>

#include "app/dmsim/cli.h"

namespace dms::cli {
namespace {

using Json = nlohmann::ordered_json;

enum class Metric { EnergyMeanDev, StructureMean };

struct Row {
  const char* example;
  const char* system;
  Method method;
  Metric metric;
  bool perMl2;     // energy divided by m l^2 (the article's scaling in example 3)
  double article;  // the printed figure, NaN where the article prints none
  const char* comment;
};

const Row kRows[] = {
    {"1", "mass-spring", Method::Variational, Metric::EnergyMeanDev, false, 2.7327e-13,
     "midpoint rule conserves E exactly: round-off, order of magnitude only"},
    {"1", "mass-spring", Method::Rk45, Metric::EnergyMeanDev, false, NAN,
     "article: notable dissipation (figure only)"},
    {"2", "planar-pendulum", Method::Variational, Metric::EnergyMeanDev, false, 1.0835e-2,
     "physical energy, g = 9.81"},
    {"2", "planar-pendulum", Method::Rk45, Metric::EnergyMeanDev, false, NAN,
     "article: notable dissipation (figure only)"},
    {"2", "planar-pendulum", Method::Variational, Metric::StructureMean, false, NAN,
     "||I - R^T R||, not printed"},
    {"2", "planar-pendulum", Method::Rk45, Metric::StructureMean, false, NAN,
     "||I - R^T R||, not printed"},
    {"3", "spherical-pendulum", Method::Variational, Metric::EnergyMeanDev, true, 1.5460e-4,
     "E/(m l^2); omega0 = 0.1[sqrt3,0,-3] (sign typo corrected)"},
    {"3", "spherical-pendulum", Method::Rk45, Metric::EnergyMeanDev, true, NAN,
     "E/(m l^2); article: notable dissipation (figure only)"},
    {"3", "spherical-pendulum", Method::Variational, Metric::StructureMean, false, 3.2476e-15,
     "|1 - q^T q|, round-off: order of magnitude only"},
    {"3", "spherical-pendulum", Method::Rk45, Metric::StructureMean, false, 1.0164e-2,
     "|1 - q^T q|, ode45 at its defaults sampled at 0:h:T"},
    {"4", "dumbbell", Method::Variational, Metric::EnergyMeanDev, false, 2.5983e-4,
     "own parameters: orders of magnitude only"},
    {"4", "dumbbell", Method::Variational, Metric::StructureMean, false, 1.8553e-13,
     "own parameters: orders of magnitude only"},
    {"4", "dumbbell", Method::Rk45, Metric::StructureMean, false, 0.0287,
     "own parameters: orders of magnitude only (R as 9 states)"},
    {"4", "dumbbell", Method::Rk45Quat, Metric::StructureMean, false, 0.0753,
     "own parameters: orders of magnitude only (quaternion, R(q) unnormalized)"},
};

}  // namespace

int cmdReproduce(const std::vector<std::string>& args) {
  bool json = false;
  for (const std::string& a : args) {
    if (a == "--json")
      json = true;
    else
      throw InputError("reproduce: unknown option '" + a + "' (known: --json)");
  }
  Json rows = Json::array();
  bool anyFailed = false;
  for (const Row& row : kRows) {
    const SystemModel* model = findSystem(row.system);
    const IntegratorSettings st = model->defaultSettings();
    const ParamValues values = model->normalize({}, nullptr);
    const RunResult r = runToEnd(*model, values, row.method, st, nullptr);
    anyFailed = anyFailed || r.failure.failed;
    double scale = 1.0;
    if (row.perMl2)
      scale = 1.0 / (scalarParam(values, "m") * std::pow(scalarParam(values, "l"), 2));
    const double ours = row.metric == Metric::EnergyMeanDev ? r.summary.energyMeanDev * scale
                                                            : r.summary.structureMean;
    Json j;
    j["example"] = row.example;
    j["system"] = row.system;
    j["integrator"] = methodName(row.method);
    j["quantity"] = row.metric == Metric::EnergyMeanDev
                        ? (row.perMl2 ? "mean |E - E0| / (m l^2)" : "mean |E - E0|")
                        : "mean structure error " + model->structureName();
    j["h"] = st.h;
    j["T"] = st.T;
    j["ours"] = ours;
    j["article"] = std::isnan(row.article) ? Json() : Json(row.article);
    j["ratio"] = std::isnan(row.article) ? Json() : Json(ours / row.article);
    j["cpu_s"] = r.cpuSeconds;
    j["note"] = row.comment;
    if (r.failure.failed) j["failure"] = r.failure.reason;
    rows.push_back(j);
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
