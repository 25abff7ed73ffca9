import { describe, expect, it } from 'vitest';
import { scriptUrlProblem } from './settings-scripts.ts';

describe('scriptUrlProblem (issue 28, ADR 071)', () => {
  it('accepts https URLs on the allow-list and paths on the own origin', () => {
    expect(scriptUrlProblem('https://www.googletagmanager.com/gtag/js?id=G-1')).toBeNull();
    expect(scriptUrlProblem('https://js.stripe.com/v3/')).toBeNull();
    expect(scriptUrlProblem('/simulator/fingerprint.js')).toBeNull();
    expect(scriptUrlProblem('/simulator/token.js?v=2#x')).toBeNull();
  });

  it('refuses other hosts, schemes, protocol-relative URLs and backslashes', () => {
    for (const url of [
      'https://evil.example/x.js',
      'http://www.googletagmanager.com/gtag/js',
      'javascript:alert(1)',
      '//evil.example/x.js',
      '/\\evil.example/x.js',
      'https://user@js.stripe.com/v3/',
      'https://js.stripe.com:444/v3/',
    ]) {
      expect(scriptUrlProblem(url), url).not.toBeNull();
    }
  });

  it('refuses every space or control character, which a browser strips or reads as a new host', () => {
    // '/\t/evil.example/x.js' is '//evil.example/x.js' to a browser's URL parser.
    const controls = [...Array.from({ length: 0x21 }, (_, code) => code), 0x7f, 0x85, 0x9f];
    for (const code of controls) {
      const char = String.fromCharCode(code);
      for (const url of [
        `/${char}/evil.example/x.js`,
        `${char}//evil.example/x.js`,
        `/simulator/token.js${char}`,
        `https://js.stripe.com/v3/${char}`,
        `https://js.stripe.com${char}.evil.example/`,
      ]) {
        expect(scriptUrlProblem(url), JSON.stringify(url)).not.toBeNull();
      }
    }
  });

  it('requires a path to resolve to the own origin', () => {
    expect(scriptUrlProblem('/../../x.js')).toBeNull(); // still the own origin
    expect(scriptUrlProblem('/%2F/evil.example/x.js')).toBeNull(); // an escaped slash stays in the path
  });
});
