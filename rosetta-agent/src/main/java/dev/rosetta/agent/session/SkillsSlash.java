package dev.rosetta.agent.session;

import dev.rosetta.agent.skills.Skill;
import dev.rosetta.agent.skills.Skills;

/**
 * {@code /skills}: the Agent Skills found, each with what it does and where it is, those only the user
 * starts marked so, and what was left out and why. {@code /skills NAME [ARGUMENTS]} (the host's, as it
 * runs a turn) loads one into the conversation and has the model follow it.
 */
final class SkillsSlash {

    private SkillsSlash() {}

    static void list(Skills skills, CommandIo out) {
        if (skills.isEmpty() && skills.notes().isEmpty()) {
            out.line("no skills: put SKILL.md folders in .rosetta/skills, .agents/skills or .claude/skills of the"
                    + " project, or in ~/.config/rosetta/skills (docs/CONFIG.md, Skills)");
            return;
        }
        for (Skill s : skills.all()) {
            out.line(s.name() + (s.modelInvocable() ? "" : "  (you start it: /skills " + s.name() + ")") + "  · "
                    + (s.fromProject() ? "project" : "yours") + " · " + s.location());
            out.line("  " + s.description());
        }
        skills.notes().forEach(out::problem);
    }
}
