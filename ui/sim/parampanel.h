// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The simulation's parameter panel, generated from the core's ParamSpec tables (ParamForm with
// sliders): the system's parameters, the methods side by side (MethodPicker), then the
// integrator settings (the table of core/integrators/settingkeys.h: the numbers as sliders, the
// choices as lists), a problem with the values in red in place, and notes.
#pragma once

#include <QWidget>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/integrators/settingkeys.h"
#include "core/sim/registry.h"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSlider;

namespace dms::ui {

class MessageLine;
class MethodPicker;
class ParamForm;
class ForcingPanel;
class PotentialEditor;

class ParamPanel : public QWidget {
  Q_OBJECT
 public:
  explicit ParamPanel(QWidget* parent = nullptr);

  /// Rebuilds the rows for a system and sets its article values (no changed() signal). The
  /// rows follow the system's structural parameters (a chain's n: m_i, l_i, ... for i = 1..n):
  /// changing one rebuilds them, keeping the values the two tables share.
  /// A system that takes a typed potential starts with the registry's (its own) potential.
  void setSystem(const SystemModel* model);
  /// The system the values are for: the registry's, or an instance with a typed potential.
  const SystemModel* system() const { return m_model; }
  /// The registry's system, as setSystem() was given it.
  const SystemModel* registrySystem() const { return m_registry; }
  /// Puts the system with the potential `text` in force (empty: the registry's own) and
  /// rebuilds the rows, keeping the values of the parameters both tables have (a new one
  /// starts at 1). No changed() signal. Throws InputError when the system takes no typed
  /// potential or the text is refused; nothing changes then.
  void setPotential(const std::string& text);
  /// The typed potential in force, or empty when it is the registry's.
  std::string potentialText() const;
  PotentialEditor* potentialEditor() const { return m_potential; }
  /// The slider range of a parameter of the potential (the spin box takes any value in the
  /// parameter's range); kept for that name while the panel lives. Throws InputError unless
  /// lo < hi and both are finite.
  void setSliderRange(const std::string& name, double lo, double hi);
  /// Sets values and settings (e.g. from a scenario file) without emitting changed().
  void setScenario(const ParamValues& values, const IntegratorSettings& settings);
  /// One parameter or setting (h, T, rtol, atol) by name; throws InputError when out of range.
  /// Emits changed().
  void setValue(const std::string& name, const std::vector<double>& value);
  /// Back to the article's values; emits changed().
  void resetToArticle();

  ParamValues values() const;
  IntegratorSettings settings() const;
  /// The chosen methods (the system's order).
  std::vector<Method> methods() const;
  /// Chooses methods (none: the article's pair) without emitting changed().
  void setMethods(const std::vector<Method>& methods);
  MethodPicker* methodPicker() const { return m_methods; }
  /// The forcing panel: the control law of every run, for a system that declares controls
  /// (its changes emit changed()).
  ForcingPanel* forcingPanel() const { return m_forcing; }

  /// A problem with the current values (shown in red in place), or empty to clear it.
  void showProblem(const QString& text);
  /// Notes (e.g. "omega0 projected onto the tangent plane"), or empty.
  void showNote(const QString& text);
  QString problem() const;

  /// The widgets of one row, for tests (component 0 for scalars); nullptr when absent.
  QSlider* slider(const std::string& name, int component = 0) const;
  QDoubleSpinBox* spinBox(const std::string& name, int component = 0) const;

 signals:
  /// A value was changed by the user (while a slider moves, for every step).
  void changed();
  /// The system instance changed (a typed potential accepted, or back to the registry's);
  /// changed() follows.
  void systemChanged();

 private:
  // makes `model` (an instance of the registry's system) the one in force: rows rebuilt,
  // shared values kept
  void adopt(std::shared_ptr<const SystemModel> model);
  // `specs` as the form shows them: the slider ranges the user set, a start for a new symbol
  std::vector<ParamSpec> withRanges(std::vector<ParamSpec> specs) const;
  // the "Slider range…" context menu on the sliders of the potential's parameters
  void offerRanges();
  void askRange(const std::string& name);
  // the structural parameters' values in `values` (a chain's n), in the system's order
  std::vector<double> structure(const ParamValues& values) const;
  // the form rebuilt for the table the structural values in `values` make, keeping the values
  // the old table shares with it (nothing for a system without structural parameters)
  void followStructure(const ParamValues& values);

  const SystemModel* m_model = nullptr;
  const SystemModel* m_registry = nullptr;
  // every typed instance accepted, by system and text: runs, plots and the kept scenarios
  // point at them, so they live as long as the panel (one per distinct accepted text)
  std::map<std::pair<std::string, std::string>, std::shared_ptr<const SystemModel>> m_instances;
  std::map<std::string, std::pair<double, double>> m_ranges;  // slider ranges set by the user
  PotentialEditor* m_potential = nullptr;
  std::vector<double> m_structure;  // the structural values the form's table was made for
  ParamForm* m_params = nullptr;
  ParamForm* m_settings = nullptr;
  MethodPicker* m_methods = nullptr;
  ForcingPanel* m_forcing = nullptr;
  // a list per choice of the settings' table (the controller, the sampling, the summation)
  std::vector<std::pair<const SettingKey*, QComboBox*>> m_choices;
  MessageLine* m_message = nullptr;  // the problem in red, else the notes: reserved lines
  IntegratorSettings m_base;         // anything the panel does not show
};

}  // namespace dms::ui
