// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The bash completion of dmsim, made from its command line: the commands and their options from
// their CLI11 apps, the values from the registry (systems, methods, parameters) and from the
// options' own "a|b" texts (the choices). `dmsim --bash-completion` prints it; the build writes
// it beside dmsim and installs it (app/dmsim/CMakeLists.txt).
#include <sstream>

#include "app/dmsim/cli.h"

namespace dms::cli {
namespace {

std::string join(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

// the words a value of `name` is completed from, or a compgen action ("-f", "-d", a function)
struct Values {
  std::string words;
  std::string action;
};

std::string methodsOf(const SystemModel& m) {
  std::vector<std::string> names;
  for (Method me : m.methods()) names.push_back(methodName(me));
  return join(names);
}

// a `case $system in ... esac` of a word list per system
std::string perSystem(const std::vector<const SystemModel*>& systems,
                      std::string (*words)(const SystemModel&), const std::string& indent) {
  std::string out = indent + "case $system in\n";
  for (const SystemModel* m : systems)
    out += indent + "  " + m->name() + ") words=\"" + words(*m) + "\" ;;\n";
  return out + indent + "esac\n";
}

std::string paramsOf(const SystemModel& m) {
  std::vector<std::string> names;
  for (const ParamSpec& s : m.params()) names.push_back(s.name + "=");
  return join(names);
}

std::string allMethodNames(const SystemModel&) {
  std::vector<std::string> names;
  for (const MethodInfo& m : allMethods()) names.push_back(m.name);
  return join(names);
}

// the `case $prev in` arms of one command's options (the value after each valued option) and
// the variables opts (every option) and the valued options
std::string optionCases(const CommandOptions& c, const std::vector<const SystemModel*>& systems,
                        const std::vector<std::string>& setNames, const std::string& indent) {
  std::ostringstream out;
  out << indent << "opts=\"" << join(c.names()) << " --help\"\n";
  out << indent << "valued=\" " << join(c.valued()) << " \"\n";
  out << indent << "case $prev in\n";
  for (const std::string& name : c.valued()) {
    const std::string meta = c.app().get_option(name)->get_option_text();
    out << indent << "  " << name << ")\n";
    const std::string in = indent + "    ";
    if (name == "--system") {
      std::vector<std::string> names;
      for (const SystemModel* m : systems) names.push_back(m->name());
      out << in << "words=\"" << join(names) << "\" ;;\n";
    } else if (name == "--integrator") {
      out << perSystem(allSystems(), methodsOf, in) << in << "[[ -n $words ]] || words=\""
          << allMethodNames(*allSystems().front()) << "\" ;;\n";
    } else if (name == "--methods") {
      out << perSystem(allSystems(), methodsOf, in) << in << "[[ -n $words ]] || words=\""
          << allMethodNames(*allSystems().front()) << "\"\n"
          << in << "_dmsim_list \"$words\"; return 0 ;;\n";
    } else if (name == "--set") {
      if (!setNames.empty())
        out << in << "words=\"" << join(setNames) << "\"\n";
      else
        out << perSystem(allSystems(), paramsOf, in);
      out << in << "_dmsim_nospace \"$words\"; return 0 ;;\n";
    } else if (name == "--only") {
      out << in << "_dmsim_list \"$(\"${COMP_WORDS[0]}\" figures --list 2>/dev/null)\"; "
          << "return 0 ;;\n";
    } else if (meta.find("DIR") != std::string::npos) {
      out << in << "COMPREPLY=($(compgen -d -- \"$cur\")); return 0 ;;\n";
    } else if (meta.find("FILE") != std::string::npos) {
      out << in << "COMPREPLY=($(compgen -f -- \"$cur\")); return 0 ;;\n";
    } else if (meta.find('|') != std::string::npos) {
      std::string words = meta;
      for (char& ch : words)
        if (ch == '|') ch = ' ';
      out << in << "words=\"" << words << "\" ;;\n";
    } else {
      out << in << "return 0 ;;  # a number or a list of numbers\n";
    }
  }
  out << indent << "esac\n";
  return out.str();
}

}  // namespace

std::string bashCompletion(
    const std::vector<std::pair<std::string, const CommandOptions*>>& commands) {
  std::vector<std::string> names;
  for (const auto& [name, c] : commands) names.push_back(name);
  std::ostringstream out;
  out << "# bash completion for dmsim, made from its command line by `dmsim --bash-completion`\n"
         "# (the build writes it; do not edit). Completes the commands, their options, and the\n"
         "# system, method, choice and parameter names.\n"
         "\n"
         "# the comma-separated list in $cur completed from the words $1\n"
         "_dmsim_list() {\n"
         "  local head=\"\" last=\"$cur\"\n"
         "  if [[ $cur == *,* ]]; then head=\"${cur%,*},\"; last=\"${cur##*,}\"; fi\n"
         "  local w\n"
         "  COMPREPLY=()\n"
         "  for w in $(compgen -W \"$1\" -- \"$last\"); do COMPREPLY+=(\"$head$w\"); done\n"
         "  [[ ${#COMPREPLY[@]} -eq 0 ]] || compopt -o nospace 2>/dev/null\n"
         "}\n"
         "\n"
         "# NAME= words: no space after them\n"
         "_dmsim_nospace() {\n"
         "  COMPREPLY=($(compgen -W \"$1\" -- \"$cur\"))\n"
         "  compopt -o nospace 2>/dev/null\n"
         "}\n"
         "\n"
         "_dmsim() {\n"
         "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"\" cmd=\"\" system=\"\" words=\"\"\n"
         "  local opts=\"\" valued=\"\" i\n"
         "  ((COMP_CWORD > 0)) && prev=\"${COMP_WORDS[COMP_CWORD - 1]}\"\n"
         "  COMPREPLY=()\n"
         "  if ((COMP_CWORD <= 1)); then\n"
         "    COMPREPLY=($(compgen -W \""
      << join(names)
      << " help --help\" -- \"$cur\"))\n"
         "    return 0\n"
         "  fi\n"
         "  cmd=\"${COMP_WORDS[1]}\"\n"
         "  for ((i = 2; i < COMP_CWORD; i++)); do\n"
         "    [[ ${COMP_WORDS[i]} == --system ]] && system=\"${COMP_WORDS[i + 1]}\"\n"
         "  done\n"
         "  case $cmd in\n";
  for (const auto& [name, c] : commands) {
    out << "    " << name << ")\n";
    if (name == "control") {
      // the options of the system's problem once --system is given
      out << "      case $system in\n";
      for (const SystemModel* m : systemsWithControl()) {
        const ControlProblem& p = *findControlProblem(m->name());
        std::unique_ptr<CommandOptions> options;
        const std::unique_ptr<CLI::App> app = controlApp(*m, p, &options);
        std::vector<std::string> setNames;
        for (const ParamSpec& s : p.allFields())
          if (s.flag.empty()) setNames.push_back(s.name + "=");
        out << "        " << m->name() << ")\n"
            << optionCases(*options, {}, setNames, "          ") << "          ;;\n";
      }
      out << "        *) ;;\n      esac\n";
      // --system itself (and the options before it is given)
      out << "      if [[ $prev == --system ]]; then\n"
          << "        words=\"" <<
          [] {
            std::vector<std::string> n;
            for (const SystemModel* m : systemsWithControl()) n.push_back(m->name());
            return join(n);
          }()
          << "\"\n"
          << "      elif [[ -z $opts ]]; then\n"
          << "        opts=\"--system --help\"; valued=\" --system \"\n"
          << "      fi\n";
    } else {
      out << optionCases(*c, allSystems(), {}, "      ");
    }
    out << "      ;;\n";
  }
  out << "    *) return 0 ;;\n"
         "  esac\n"
         "  if [[ -n $words ]]; then\n"
         "    COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))\n"
         "  elif [[ $valued == *\" $prev \"* ]]; then\n"
         "    return 0\n"
         "  elif [[ $cmd == sweep && $cur != -* && \" ${COMP_WORDS[*]} \" == *\" --merge \"* ]]; "
         "then\n"
         "    COMPREPLY=($(compgen -f -- \"$cur\"))  # the files of --merge\n"
         "  else\n"
         "    COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n"
         "  fi\n"
         "  return 0\n"
         "}\n"
         "complete -F _dmsim dmsim\n";
  return out.str();
}

}  // namespace dms::cli
