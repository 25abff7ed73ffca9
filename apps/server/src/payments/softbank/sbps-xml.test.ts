import { describe, expect, it } from 'vitest';
import { decodeSbpsXml, encodeSbpsXml, readSbpsXml } from './sbps-protocol.ts';

describe('the SoftBank XML API documents (fast-xml-parser, ADR 052)', () => {
  it('keeps every value as written: leading zeros, spaces, empty elements, quotes', () => {
    const fields = { res_status: '0010', item_name: ' 入場券 "大人" ', res_err_code: '', amount: '6000' };
    const xml = encodeSbpsXml('sps-api-response', 'MG01-00101-101', fields);
    expect(
      xml.startsWith('<?xml version="1.0" encoding="UTF-8"?><sps-api-response id="MG01-00101-101">'),
    ).toBe(true);
    expect(readSbpsXml(xml)).toEqual({ id: 'MG01-00101-101', fields });
  });

  it('reads what the real gateway may send: line breaks, character references, CDATA, nested and self-closed elements', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<sps-api-response id="MG01-00101-101">
  <res_result>OK</res_result>
  <res_pay_method_info>
    <cc_company_code>VISA</cc_company_code>
    <cc_no><![CDATA[************1111]]></cc_no>
  </res_pay_method_info>
  <item_name>&#x5165;&#22580;&amp;&lt;券&gt;</item_name>
  <res_err_code/>
</sps-api-response>`;
    expect(readSbpsXml(xml)).toEqual({
      id: 'MG01-00101-101',
      fields: {
        res_result: 'OK',
        cc_company_code: 'VISA',
        cc_no: '************1111',
        item_name: '入場&<券>',
        res_err_code: '',
      },
    });
  });

  it('reads nothing from a document that is not well-formed (an error page, a cut answer)', () => {
    expect(decodeSbpsXml('<html><body>503 Service Unavailable')).toEqual({});
    expect(decodeSbpsXml('<sps-api-response id="x"><res_result>OK</res_result>')).toEqual({});
    expect(decodeSbpsXml('Service Unavailable')).toEqual({});
    expect(readSbpsXml('')).toBeNull();
  });
});
