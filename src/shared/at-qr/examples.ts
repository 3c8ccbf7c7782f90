// The example payloads of research/pt-qr-spec.md §2, exactly as printed there:
// the four official v1.0 examples, the three v1.1 ones (with the stray spaces
// of the copies), and six real or realistic payloads from public code.
// Used by the tests; also handy for benchmarks and demos.

export const AT_QR_EXAMPLES = {
  /** [SPEC] v1.0 §5 example 1 — Fatura with three fiscal spaces (452 chars). */
  fatura:
    'A:123456789*B:999999990*C:PT*D:FT*E:N*F:20191231*G:FT AB2019/0035*H:CSDF7T5H-0035*I1:PT*I2:12000.00*I3:15000.00*I4:900.00*I5:50000.00*I6:6500.00*I7:80000.00*I8:18400.00*J1:PT-AC*J2:10000.00*J3:25000.56*J4:1000.02*J5:75000.00*J6:6750.00*J7:100000.00*J8:18000.00*K1:PT-MA*K2:5000.00*K3:12500.00*K4:625.00*K5:25000.00*K6:3000.00*K7:40000.00*K8:8800.00*L:100.00*M:25.00*N:64000.02*O:513600.58*P:100.00*Q:kLp0*R:9999*S:TB;PT00000000000000000000000;513500.58',
  /** [SPEC] v1.0 example 2 — Fatura simplificada (141 chars). */
  faturaSimplificada:
    'A:123456789*B:999999990*C:PT*D:FS*E:N*F:20190812*G:FS CDVF/12345*H:CDF7T5HD-12345*I1:PT*I7:0.65*I8:0.15*N:0.15*O:0.80*Q:YhGV*R:9999*S:NU;0.80',
  /** [SPEC] v1.0 example 3 — Fatura pró-forma, hash with '/' (209 chars). */
  faturaProForma:
    'A:500000000*B:123456789*C:PT*D:PF*E:N*F:20190123*G:PF G2019CB/145789*H:HB6FT7RV-145789*I1:PT*I2:12345.34*I3:12532.65*I4:751.96*I5:52789.00*I6:6862.57*I7:32425.69*I8:7457.91*N:15072.44*O:125165.12*Q:r/fY*R:9999',
  /** [SPEC] v1.0 example 4 — Documento de transporte not valued, I1:0 (116 chars). */
  documentoTransporte:
    'A:500000000*B:123456789*C:PT*D:GT*E:N*F:20190720*G:GT G234CB/50987*H:GTVX4Y8B-50987*I1:0*N:0.00*O:0.00*Q:5uIg*R:9999',
  /** [SPEC-EN 1.1] 5.5 — invoice with foreign tax (I1:FR, foreign buyer id). */
  impostoEstrangeiro:
    'A:123456789*B:4443332215*C:FR*D:FT*E:N*F:20190526*G:ABC BNH/4561*H:DK5ZJ2HN-4561*I1:FR*I7:100.00*I8:20.00*N:20.00*O:120.00*Q:YJRE*R:9999',
  /** [SPEC-EN 1.1] 5.6 — tax rectification debit note, VAT without base, spaces after G: and H:. */
  notaDebitoRetificacao:
    'A:123456789*B:500000000*C:PT*D:ND*E:N*F:20190216*G: M1F KLG/6145*H: RQD8L6DG-6145*I1:PT-MA*I6:26.50*N:26.50*O:26.50*Q:h1rB*R:9999',
  /** [SPEC-EN 1.1] 5.7 — margin scheme, space after H:. */
  regimeMargem:
    'A:500000000*B:123456789*C:PT*D:FT*E:N*F:20191124*G:NF 19A/789145*H: JL9DS4TT-789145*I1:PT-AC*I7:50.00*I8:9.00*L:1000.00*N:9.00*O:1059.00*Q:d8/K*R:9999',
  /** ESilva15/gofatqr — real 2025 receipt with H:0; the buyer NIF fails its check digit. */
  real2025SemAtcud:
    'A:513847588*B:132772985*C:PT*D:FS*E:N*F:20250828*G:FS 437251001/115666*H:0*I1:PT*I7:37.94*I8:8.73*N:8.73*O:46.67*Q:mWUp*R:0177',
  /** Dannyps/actud-verifier src/index.ts — G prefix FTR differs from D:FT. */
  realPrefixoFtr:
    'A:506810267*B:103904638*C:PT*D:FT*E:N*F:20240206*G:FTR 0100324/14570*H:JJJCR94W-14570*I1:PT*I3:7.15*I4:0.43*N:0.43*O:7.58*Q:o8NL*R:2000',
  /** Dannyps/actud-verifier tests — H:0, hash ending in '/'. */
  realFac:
    'A:999999990*B:100000061*C:PT*D:FT*E:N*F:20201123*G:FAC 1/19*H:0*I1:PT*I7:17.90*I8:4.12*N:4.12*O:22.02*Q:LJT/*R:2648',
  /** odoo l10n_pt docstring — Belgian buyer, P:0.00. */
  odooDocstring:
    'A:509445535*B:123456823*C:BE*D:FT*E:N*F:20220103*G:FT 01P2022/1*H:0*I1:PT*I7:325.20*I8:74.80*N:74.80*O:400.00*P:0.00*Q:P0FE*R:2230',
  /** ricgrangeia/atcud-pdf-qr-reader README — a 2025 invoice. */
  real2025:
    'A:508136695*B:999999990*C:PT*D:FT*E:N*F:20250917*G:FT 2025A/341*H:KXTP8ZQ2-341*I1:PT*I7:142.68*I8:32.82*N:32.82*O:175.50*Q:pNaK*R:1287',
  /** joaomfrebelo/at_qrcode BuilderTest — receipt without signature (Q:0); its totals do not add up. */
  reciboSemHash:
    'A:500000000*B:123456789*C:PT*D:RG*E:N*F:20190720*G:RG RG/1*H:GTVX4Y8B-50987*I1:0*L:99.00*N:99.00*O:99.00*Q:0*R:9999',
} as const;

export type AtQrExampleName = keyof typeof AT_QR_EXAMPLES;
