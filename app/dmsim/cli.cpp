#include "app/dmsim/cli.h"

#include <cmath>
#include <ctime>
#include <iomanip>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>

#include "core/io/atomicfile.h"
#include "core/io/scenario.h"
#include "core/params.h"

namespace dms::cli {
namespace {

using Json = nlohmann::ordered_json;

double cpuNow() { return double(std::clock()) / CLOCKS_PER_SEC; }

void writeCsvHeader(std::ostream& csv, const std::vector<std::string>& stateNames) {
  csv << "t,energy,energy_dev,structure,structure2,L1,L2,L3";
  for (const auto& n : stateNames) csv << "," << n;
  csv << "\n";
}

void writeCsvRow(std::ostream& csv, const Sample& s, double energy0) {
  csv << s.t << "," << s.energy << "," << std::fabs(s.energy - energy0) << "," << s.structure << ","
      << s.structure2 << "," << s.momentum.x() << "," << s.momentum.y() << "," << s.momentum.z();
  for (Eigen::Index i = 0; i < s.state.size(); ++i) csv << "," << s.state[i];
  csv << "\n";
}

std::string specJsonRange(const ParamSpec& s) { return s.rangeText(); }

}  // namespace

bool Options::flag(const std::string& k) const {
  return std::find(flags.begin(), flags.end(), k) != flags.end();
}

Options parseOptions(const std::vector<std::string>& args, const std::vector<std::string>& valued,
                     const std::vector<std::string>& bare, const std::string& command) {
  Options o;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (std::find(bare.begin(), bare.end(), a) != bare.end()) {
      o.flags.push_back(a);
    } else if (std::find(valued.begin(), valued.end(), a) != valued.end()) {
      if (i + 1 >= args.size()) throw InputError(a + ": missing value");
      const std::string& v = args[++i];
      if (a == "--set")
        o.sets.push_back(v);
      else if (o.values.count(a))
        throw InputError(a + " given twice");
      else
        o.values[a] = v;
    } else {
      std::string known;
      for (const auto& k : valued) known += " " + k;
      for (const auto& k : bare) known += " " + k;
      throw InputError("unknown option '" + a + "' for dmsim " + command + " (known:" + known +
                       ")");
    }
  }
  return o;
}

RunResult runToEnd(const SystemModel& model, const ParamValues& values, Method method,
                   const IntegratorSettings& settings, std::ostream* csv) {
  RunResult r;
  std::unique_ptr<Run> run = model.makeRun(values, method, settings);
  if (csv) {
    *csv << std::setprecision(17);
    writeCsvHeader(*csv, run->stateNames());
  }
  // each sample into the summary (and the CSV) as it is made: nothing stored, no pose
  struct Consumer final : SampleSink {
    RunResult& r;
    std::ostream* csv;
    Consumer(RunResult& result, std::ostream* out) : r(result), csv(out) {}
    void take(const Sample& s) override {
      r.summary.add(s);
      if (csv) writeCsvRow(*csv, s, r.summary.energy0);
    }
  } consumer(r, csv);
  const double c0 = cpuNow();
  while (run->advance(consumer, 4096, SampleFields::Metrics)) {
  }
  r.cpuSeconds = cpuNow() - c0;
  r.counters = run->counters();
  r.failure = run->failure();
  return r;
}

int cmdList(const std::vector<std::string>& args) {
  const Options o = parseOptions(args, {}, {"--json"}, "list");
  const bool json = !o.flags.empty();
  Json all = Json::array();
  for (const SystemModel* m : allSystems()) {
    const IntegratorSettings d = m->defaultSettings();
    Json sys;
    sys["system"] = m->name();
    sys["title"] = m->title();
    Json methods = Json::array();
    for (Method me : m->methods()) methods.push_back(methodName(me));
    sys["integrators"] = methods;
    Json described = Json::array();
    for (Method me : m->methods())
      described.push_back({{"name", methodName(me)},
                           {"label", methodInfo(me).label},
                           {"description", methodInfo(me).description},
                           {"adaptive", methodInfo(me).adaptive}});
    sys["methods"] = described;
    sys["structure"] = m->structureName().empty() ? "none" : m->structureName();
    Json ps = Json::array();
    for (const ParamSpec& s : m->params())
      ps.push_back({{"name", s.name},
                    {"default", s.dim == 1 ? Json(s.defaults[0]) : Json(s.defaults)},
                    {"unit", s.unit},
                    {"range", specJsonRange(s)},
                    {"description", s.description}});
    sys["parameters"] = ps;
    sys["settings"] = {{"h", d.h}, {"T", d.T}, {"rtol", d.rtol}, {"atol", d.atol}};
    all.push_back(sys);
  }
  Json integ = Json::array();
  for (const ParamSpec& s : integratorSpecs())
    integ.push_back({{"name", s.name},
                     {"unit", s.unit},
                     {"range", s.rangeText()},
                     {"description", s.description}});
  if (json) {
    std::cout << Json{{"systems", all}, {"integrator_settings", integ}}.dump(2) << "\n";
    return kOk;
  }
  std::cout << "Systems (dmsim run --system NAME --integrator NAME ...):\n";
  for (const SystemModel* m : allSystems()) {
    const IntegratorSettings d = m->defaultSettings();
    std::cout << "\n" << m->name() << "  -  " << m->title() << "\n  integrators:\n";
    for (Method me : m->methods())
      std::cout << "    " << std::left << std::setw(10) << methodName(me) << " "
                << methodInfo(me).description << "\n";
    std::cout << "  article set-up: h = " << formatNumber(d.h) << ", T = " << formatNumber(d.T)
              << "\n  structure error: "
              << (m->structureName().empty() ? "none (linear space)" : m->structureName())
              << "\n  parameters (--set NAME=VALUE):\n";
    for (const ParamSpec& s : m->params()) {
      std::string def;
      for (std::size_t i = 0; i < s.defaults.size(); ++i)
        def += (i ? "," : "") + formatNumber(s.defaults[i]);
      std::cout << "    " << std::left << std::setw(8) << s.name << " default " << std::setw(28)
                << def << " unit " << std::setw(7) << (s.unit.empty() ? "-" : s.unit) << " range "
                << s.rangeText() << (s.dim == 3 ? " (each component)" : "") << "  " << s.description
                << "\n";
    }
  }
  std::cout << "\nIntegrator settings:\n";
  for (const ParamSpec& s : integratorSpecs())
    std::cout << "  --" << std::left << std::setw(6) << s.name << " unit " << std::setw(3)
              << (s.unit.empty() ? "-" : s.unit) << " range " << s.rangeText() << "  "
              << s.description << "\n";
  std::cout << "  --rk ode45|scipy         RK45 step-size controller (default ode45, MATLAB's)\n"
               "  --rk-samples output|steps  RK45 sampled at t_k = k h (dense output, default)"
               " or at its accepted steps\n";
  return kOk;
}

int cmdRun(const std::vector<std::string>& args) {
  const Options o =
      parseOptions(args,
                   {"--system", "--integrator", "--h", "--T", "--rtol", "--atol", "--rk",
                    "--rk-samples", "--summation", "--set", "--csv", "--scenario"},
                   {}, "run");
  // a scenario file gives the system, parameters and settings; flags override it
  std::vector<std::string> warnings;
  std::optional<Scenario> scenario;
  if (o.values.count("--scenario")) {
    scenario = loadScenario(o.values.at("--scenario"), &warnings);
    if (o.values.count("--system") && o.values.at("--system") != scenario->system)
      throw InputError("--system '" + o.values.at("--system") + "' differs from the system '" +
                       scenario->system + "' of --scenario " + o.values.at("--scenario"));
  }
  if (!o.values.count("--system") && !scenario) {
    throw InputError("--system is required (" + systemNames(allSystems(), "|") + ")");
  }
  const std::string sysName = scenario ? scenario->system : o.values.at("--system");
  const SystemModel* model = findSystem(sysName);
  if (!model) {
    throw InputError("--system '" + sysName + "': unknown system (one of " +
                     systemNames(allSystems()) + ")");
  }
  const Method method = o.values.count("--integrator") ? parseMethod(o.values.at("--integrator"))
                                                       : Method::Variational;
  if (!model->hasMethod(method))
    throw InputError("--integrator '" + methodName(method) + "' is not available for " + sysName);
  IntegratorSettings st = scenario ? scenario->settings : model->defaultSettings();
  const auto num = [&](const char* flag, double& dst) {
    if (o.values.count(flag)) dst = parseNumber(o.values.at(flag), flag);
  };
  num("--h", st.h);
  num("--T", st.T);
  num("--rtol", st.rtol);
  num("--atol", st.atol);
  if (o.values.count("--rk")) st.controller = parseController(o.values.at("--rk"));
  if (o.values.count("--rk-samples")) st.sampling = parseSampling(o.values.at("--rk-samples"));
  if (o.values.count("--summation")) st.summation = parseSummation(o.values.at("--summation"));
  validateSettings(st);
  // the samples are t_k = k h up to N = floor(T/h): a fixed step (and RK45 sampled at k h) ends
  // at N h, before a T that is not a whole number of steps; RK45 at its own steps reaches T
  if (!methodInfo(method).adaptive || st.sampling == RkSampling::Output) {
    const double tN = double(st.steps()) * st.h;
    if (std::fabs(tN - st.T) > 1e-9 * st.T)
      warnings.push_back("T = " + formatNumber(st.T) + " is not a whole number of steps h = " +
                         formatNumber(st.h) + ": the run ends at t = N h = " + formatNumber(tN) +
                         " (N = " + std::to_string(st.steps()) + ")");
  }

  ParamValues raw = scenario ? scenario->parameters : ParamValues();
  for (const std::string& s : o.sets) {
    auto [name, value] = parseAssignment(s);
    raw[name] = value;
  }
  const ParamValues values = model->normalize(raw, &warnings);
  for (const std::string& w : warnings) std::cerr << "dmsim: warning: " << w << "\n";

  AtomicFile csvFile;
  if (o.values.count("--csv") && !csvFile.open(o.values.at("--csv")))
    throw InputError("--csv: " + csvFile.error());

  const RunResult r =
      runToEnd(*model, values, method, st, o.values.count("--csv") ? &csvFile.stream() : nullptr);
  if (o.values.count("--csv") && !csvFile.commit()) {
    std::cerr << "dmsim: --csv: " << csvFile.error() << "\n";
    return kBadInput;
  }

  const bool rk = method != Method::Variational;
  Json j;
  j["system"] = model->name();
  j["integrator"] = methodName(method);
  j["rk"] = rk ? controllerName(st.controller) : "none";
  j["rk_samples"] = rk ? samplingName(st.sampling) : "none";
  j["summation"] = rk ? "none" : summationName(st.summation);
  j["h"] = st.h;
  j["T"] = st.T;
  j["rtol"] = st.rtol;
  j["atol"] = st.atol;
  j["samples"] = r.summary.samples;
  j["steps"] = r.counters.steps;
  j["accepted"] = r.counters.steps;
  j["rejected"] = r.counters.rejected;
  j["fevals"] = r.counters.fevals;
  j["cpu_s"] = r.cpuSeconds;
  j["energy0"] = r.summary.energy0;
  j["energy_mean_dev"] = r.summary.energyMeanDev;
  j["energy_max_dev"] = r.summary.energyMaxDev;
  j["structure"] = model->structureName().empty() ? "none" : model->structureName();
  j["structure_mean_err"] = r.summary.structureMean;
  j["structure_max_err"] = r.summary.structureMax;
  if (!model->structure2Name().empty()) {
    j["structure2"] = model->structure2Name();
    j["structure2_max_err"] = r.summary.structure2Max;
  }
  if (model->hasMomentum()) j["angmom_max_dev"] = r.summary.momentumMaxDev;
  const auto exponent = [](const std::optional<double>& e) { return e ? Json(*e) : Json(); };
  j["energy_growth_exponent"] = exponent(r.summary.energyGrowthExponent());
  j["momentum_growth_exponent"] =
      model->hasMomentum() ? exponent(r.summary.momentumGrowthExponent()) : Json();
  j["t_end"] = r.summary.lastTime;
  j["status"] = r.failure.failed ? "failed" : "ok";
  if (r.failure.failed) j["failure"] = r.failure.reason;
  j["warnings"] = warnings;
  std::cout << j.dump(2) << "\n";
  if (r.failure.failed) {
    std::cerr << "dmsim: integration failed at t = " << r.failure.time << ": " << r.failure.reason
              << "\n";
    return kFailed;
  }
  return kOk;
}

}  // namespace dms::cli
