// dmsim control: a system's optimal-control problem from the command line. Its flags, fields,
// help text, JSON fields and CSV columns all come from the problem (core/control/problem.h).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

#include "app/dmsim/cli.h"
#include "core/io/atomicfile.h"
#include "core/params.h"

namespace dms::cli {
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

std::string valueFlag(const ParamSpec& s) {
  std::string meta = s.integer ? "N" : "X";
  if (s.name.size() == 1) meta = std::string(1, char(std::toupper(s.name[0])));
  return s.flag + " " + meta;
}

// `text` in lines of at most `width` characters, every line after the first indented
std::string wrap(const std::string& text, std::size_t width, std::size_t indent) {
  std::string out, line;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      out += line + "\n" + std::string(indent, ' ');
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
    start = end + 1;
  }
  return out + line;
}

void problemUsage(std::ostream& out, const SystemModel& model, const ControlProblem& p) {
  const ControlRequest defaults = p.defaultRequest();
  out << "\nusage: dmsim control --system " << model.name() << " [flags] [--set NAME=VALUE ...]"
      << " [--csv FILE] [--progress]\n"
      << p.title() << ".\n"
      << p.summary() << "\n";
  // "  --flag ARG   text" with the text wrapped at 100 columns under itself
  const auto line = [&out](const std::string& flag, const std::string& text) {
    const std::size_t col = 26;
    std::string head = "  " + flag;
    if (head.size() + 1 > col) {
      out << head << "\n";
      head.clear();
    }
    out << std::left << std::setw(int(col)) << head << wrap(text, 100 - col, col) << "\n";
  };
  for (const ParamSpec& s : p.allFields())
    if (!s.flag.empty())
      line(valueFlag(s), s.description + (s.unit.empty() ? "" : " [" + s.unit + "]") + ", in " +
                             s.rangeText() + " (default " + s.defaultText() + ")");
  for (const ControlChoice& c : p.choices()) {
    std::string values;
    for (const ControlChoice::Value& v : c.values) values += (values.empty() ? "" : "|") + v.value;
    line("--" + c.name + " " + values, c.description + " (default " + c.values.front().value + ")");
  }
  line("--set NAME=VALUE", "parameters (vectors as x,y,z; repeatable):");
  for (const ParamSpec& s : p.allFields())
    if (s.flag.empty())
      line("    " + s.name, s.description + (s.unit.empty() ? "" : " [" + s.unit + "]") + ", in " +
                                s.rangeText() + " (default " + s.defaultText() + ")");
  std::string columns;
  for (const std::string& c : p.csvColumns(defaults)) columns += (columns.empty() ? "" : ",") + c;
  line("--csv FILE", "one row per t_k: " + columns);
  line("--progress", "one line per iteration on stderr");
}

void controlUsage(std::ostream& out) {
  out << "usage: dmsim control --system NAME ...   (NAME: "
      << systemNames(systemsWithControl(), ", ") << ")\n"
      << "Solves the system's optimal-control problem and prints JSON (converged, iterations,\n"
         "cost, terminal_error, cpu_s, ...). Exit codes: 0 converged, 2 bad input, 3 the solver\n"
         "did not converge (or the target is unreachable).\n";
  for (const SystemModel* m : systemsWithControl())
    problemUsage(out, *m, *findControlProblem(m->name()));
}

// the request the flags and --set items give (checked against the problem's fields)
ControlRequest requestFrom(const Options& o, const ControlProblem& p) {
  ControlRequest r;
  const std::vector<ParamSpec> fields = p.allFields();
  for (const ParamSpec& s : fields) {
    if (s.flag.empty() || !o.has(s.flag)) continue;
    const std::vector<double> v = {parseNumber(o.values.at(s.flag), s.flag)};
    try {
      checkValue(s, v);
    } catch (const InputError& e) {
      throw InputError(s.flag + ": " + e.what());
    }
    r.values[s.name] = v;
  }
  for (const std::string& item : o.sets) {
    auto [name, value] = parseAssignment(item);
    ParamValues checked;
    applyAssignment(fields, checked, name, value);
    if (r.values.count(name))
      throw InputError("--set " + name + ": the parameter '" + name + "' is given twice");
    r.values[name] = value;
  }
  for (const ControlChoice& c : p.choices())
    if (o.has("--" + c.name)) r.choices[c.name] = o.values.at("--" + c.name);
  p.completeChoices(r);  // an unknown value names the flag and the allowed values
  return r;
}

void writeCsv(std::ostream& csv, const ControlResult& r) {
  csv << std::setprecision(17);
  for (std::size_t i = 0; i < r.csvColumns.size(); ++i) csv << (i ? "," : "") << r.csvColumns[i];
  csv << "\n";
  for (const std::vector<double>& row : r.csvRows) {
    for (std::size_t i = 0; i < row.size(); ++i) csv << (i ? "," : "") << row[i];
    csv << "\n";
  }
}

int runProblem(const SystemModel& model, const ControlProblem& p,
               const std::vector<std::string>& args) {
  std::vector<std::string> valued = {"--system", "--set", "--csv"};
  for (const ParamSpec& s : p.allFields())
    if (!s.flag.empty()) valued.push_back(s.flag);
  for (const ControlChoice& c : p.choices()) valued.push_back("--" + c.name);
  const Options o = parseOptions(args, valued, {"--progress"}, "control");
  const ControlRequest request = requestFrom(o, p);
  p.check(request);
  // what the solve changes in the values given, as `dmsim run` reports its normalization
  for (const std::string& w : p.warnings(request)) std::cerr << "dmsim: warning: " << w << "\n";

  AtomicFile csvFile;
  if (o.has("--csv") && !csvFile.open(o.values.at("--csv")))
    throw InputError("--csv: " + csvFile.error());

  ProgressCallback progress;
  if (o.flag("--progress"))
    progress = [](const IterationReport& r) {
      std::cerr << "iteration " << r.iteration << "  evaluations " << r.evaluations << "  cost "
                << std::setprecision(12) << r.cost << std::setprecision(3)
                << (r.residual ? "  terminal error " : "  violation ")
                << (r.residual ? *r.residual : r.constraintViolation) << "\n";
      return true;
    };
  const ControlResult result = p.solve(request, progress);
  if (result.badInput) throw InputError(result.message);

  if (o.has("--csv")) {
    writeCsv(csvFile.stream(), result);
    if (!csvFile.commit()) {
      std::cerr << "dmsim: --csv: " << csvFile.error() << "\n";
      return kBadInput;
    }
  }
  Json j;
  j["system"] = model.name();
  for (const ReportEntry& e : result.report) j[e.key] = jsonValue(e.value);
  std::cout << j.dump(2) << "\n";
  if (!result.converged) {
    std::cerr << "dmsim: control: " << result.message << "\n";
    return kFailed;
  }
  return kOk;
}

}  // namespace

int cmdControl(const std::vector<std::string>& args) {
  if (std::find(args.begin(), args.end(), "--help") != args.end()) {
    controlUsage(std::cout);
    return kOk;
  }
  const std::string names = systemNames(systemsWithControl(), ", ");
  const auto it = std::find(args.begin(), args.end(), "--system");
  if (it == args.end() || it + 1 == args.end())
    throw InputError("--system is required (systems with optimal control: " + names + ")");
  const std::string& sys = *(it + 1);
  const SystemModel* model = findSystem(sys);
  if (!model)
    throw InputError("--system '" + sys +
                     "': unknown system (systems with optimal control: " + names + ")");
  const ControlProblem* problem = findControlProblem(sys);
  if (!problem)
    throw InputError("--system '" + sys + "' has no optimal control (systems with optimal " +
                     "control: " + names + ")");
  return runProblem(*model, *problem, args);
}

}  // namespace dms::cli
