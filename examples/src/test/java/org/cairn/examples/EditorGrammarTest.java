package org.cairn.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.cairn.scene.SceneSchema;
import org.junit.jupiter.api.Test;

/**
 * The editor packaging in editors/vscode: the extension's manifest wires the grammar and the
 * language server, and the TextMate grammar gives the scopes a scene author expects. The grammar
 * is run as TextMate runs a flat grammar: at each place, the rule whose match starts first (the
 * earlier rule on a tie) takes the text.
 */
class EditorGrammarTest {
    private static final Path VSCODE = Path.of("../editors/vscode");
    private static final ObjectMapper MAPPER = new ObjectMapper();

    record Rule(Pattern pattern, String name, List<String> captures) {
    }

    record Scoped(String text, String scope) {
    }

    static List<Rule> rules() throws IOException {
        JsonNode grammar = MAPPER.readTree(VSCODE.resolve("syntaxes/scene.tmLanguage.json").toFile());
        List<Rule> rules = new ArrayList<>();
        for (JsonNode include : grammar.get("patterns")) {
            JsonNode rule = grammar.get("repository").get(include.get("include").asText().substring(1));
            List<String> captures = new ArrayList<>();
            if (rule.has("captures")) {
                for (int k = 1; rule.get("captures").has(String.valueOf(k)); k++) {
                    captures.add(rule.get("captures").get(String.valueOf(k)).get("name").asText());
                }
            }
            rules.add(new Rule(Pattern.compile(rule.get("match").asText()), rule.has("name") ? rule.get("name").asText() : null,
                    captures));
        }
        return rules;
    }

    static List<Scoped> tokenize(List<Rule> rules, String line) {
        List<Scoped> out = new ArrayList<>();
        int at = 0;
        while (at < line.length()) {
            Matcher best = null;
            Rule bestRule = null;
            for (Rule r : rules) {
                Matcher m = r.pattern().matcher(line);
                if (m.find(at) && m.end() > m.start() && (best == null || m.start() < best.start())) {
                    best = m;
                    bestRule = r;
                }
            }
            if (best == null) {
                break;
            }
            if (bestRule.captures().isEmpty()) {
                out.add(new Scoped(best.group(), bestRule.name()));
            } else {
                for (int k = 0; k < bestRule.captures().size(); k++) {
                    if (best.group(k + 1) != null && !best.group(k + 1).isEmpty()) {
                        out.add(new Scoped(best.group(k + 1), bestRule.captures().get(k)));
                    }
                }
            }
            at = best.end();
        }
        return out;
    }

    private static String scopeOf(List<Scoped> tokens, String text) {
        return tokens.stream().filter(t -> t.text().equals(text)).map(Scoped::scope).findFirst().orElse("(none)");
    }

    @Test
    void statementsKeysQuantitiesAndCommentsGetTheirScopes() throws IOException {
        List<Rule> rules = rules();
        List<Scoped> body = tokenize(rules, "body crate[i] at=(0, 1.5m, 0) material=oak { box half=(0.5m, 0.5m, 0.5m) }  # a crate");
        assertEquals("keyword.other.statement.scene", scopeOf(body, "body"));
        assertEquals("entity.other.attribute-name.scene", scopeOf(body, "at"));
        assertEquals("entity.other.attribute-name.scene", scopeOf(body, "material"));
        assertEquals("constant.numeric.scene", scopeOf(body, "1.5"));
        assertEquals("keyword.other.unit.scene", scopeOf(body, "m"));
        assertEquals("entity.name.type.shape.scene", scopeOf(body, "box"));
        assertEquals("comment.line.number-sign.scene", scopeOf(body, "# a crate"));
        // A unit ends where the language ends it: 37deg*k is 37 deg times k.
        List<Scoped> let = tokenize(rules, "let tilt = 37deg*k + sqrt(2)");
        assertEquals("keyword.control.scene", scopeOf(let, "let"));
        assertEquals("keyword.other.unit.scene", scopeOf(let, "deg"));
        assertEquals("(none)", scopeOf(let, "deg*k"));
        assertEquals("support.function.scene", scopeOf(let, "sqrt"));
        List<Scoped> world = tokenize(rules, "world solver=soft sleep=off gravity=(0, -9.81m/s^2, 0)");
        assertEquals("constant.language.scene", scopeOf(world, "soft"));
        assertEquals("constant.language.scene", scopeOf(world, "off"));
        assertEquals("keyword.other.unit.scene", scopeOf(world, "m/s^2"));
        List<Scoped> include = tokenize(rules, "include \"parts/stack.scene\" as left");
        assertEquals("string.quoted.double.scene", scopeOf(include, "\"parts/stack.scene\""));
        assertEquals("keyword.control.scene", scopeOf(include, "as"));
    }

    @Test
    void everyPropertyOfTheLanguageIsAKeyWhereverItIsWritten() throws IOException {
        List<Rule> rules = rules();
        for (String head : SceneSchema.statementsWithProperties()) {
            for (SceneSchema.Property p : SceneSchema.properties(head)) {
                List<Scoped> tokens = tokenize(rules, head + " x " + p.name() + "=1");
                assertEquals("entity.other.attribute-name.scene", scopeOf(tokens, p.name()), head + " " + p.name());
            }
        }
    }

    @Test
    void theExtensionWiresTheGrammarAndTheLanguageServer() throws IOException {
        JsonNode manifest = MAPPER.readTree(VSCODE.resolve("package.json").toFile());
        JsonNode contributes = manifest.get("contributes");
        assertEquals(".scene", contributes.get("languages").get(0).get("extensions").get(0).asText());
        String grammar = contributes.get("grammars").get(0).get("path").asText();
        assertTrue(Files.isRegularFile(VSCODE.resolve(grammar)), grammar);
        assertTrue(Files.isRegularFile(VSCODE.resolve(contributes.get("languages").get(0).get("configuration").asText())));
        assertEquals("[\"cairn\",\"lsp\"]", contributes.get("configuration").get("properties").get("cairn.command").get("default")
                .toString());
        String extension = Files.readString(VSCODE.resolve(manifest.get("main").asText()));
        assertTrue(extension.contains("LanguageClient") && extension.contains("language: 'scene'"), extension);
    }
}
