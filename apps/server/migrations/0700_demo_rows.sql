-- Demo rows are marked as demo (issue 24, ADR 048): the demo seed sets is_demo on what it writes, so a
-- production server can refuse to start while a demo row still carries one of the repository's secrets
-- (the public demo gate key, the coupon codes in docs/demo-coupons.md, the demo member's password), and
-- `npm run remove-demo-data` finds what to remove without matching names. Ticket types, slots and add-on
-- links belong to their (demo) product; calendar colours are not marked (they open nothing).
ALTER TABLE products ADD COLUMN is_demo boolean NOT NULL DEFAULT false;
ALTER TABLE set_products ADD COLUMN is_demo boolean NOT NULL DEFAULT false;
ALTER TABLE coupons ADD COLUMN is_demo boolean NOT NULL DEFAULT false;
ALTER TABLE coupon_campaigns ADD COLUMN is_demo boolean NOT NULL DEFAULT false;
ALTER TABLE gate_keys ADD COLUMN is_demo boolean NOT NULL DEFAULT false;
ALTER TABLE members ADD COLUMN is_demo boolean NOT NULL DEFAULT false;
ALTER TABLE membership_promotions ADD COLUMN is_demo boolean NOT NULL DEFAULT false;

-- Databases seeded before this migration: their demo rows are found once, here, by the stable keys the
-- seed gave them (it has no other record of them). None of these keys can be an operator's own by chance:
-- the SHA-256 of the repository's gate key, product and add-on UUIDs derived from `kippu-demo:` names
-- (seed/demo-ids.ts), the demo coupons with their demo campaigns, and the example.com-style demo member.
UPDATE gate_keys SET is_demo = true
WHERE key_hash = 'c1cff12649a5120237d3756f683d7117ba41138d7d8089435534989fb39555f7';

UPDATE coupons SET is_demo = true
WHERE campaign IN ('demo-welcome', 'demo-invitation', 'demo-summer', 'demo-future')
  AND (site_code, code) IN (
  ('DEMO', 'DEMO10'), ('DEMO', 'DEMO500'), ('DEMO', 'DEMO-LIMITED'), ('DEMO', 'DEMO-ENTRY'),
  ('DEMO', 'DEMO-SPOT'), ('DEMO', 'DEMO-SUMMER'), ('DEMO', 'DEMO-INVITE-1'), ('DEMO', 'DEMO-INVITE-2'),
  ('DEMO', 'DEMO-INVITE-3'), ('DEMO', 'DEMO-FREE'), ('DEMO', 'DEMO-BIG'), ('DEMO', 'DEMO-EXPIRED'),
  ('DEMO', 'DEMO-SOON'), ('DEMO', 'DEMO-OFF'), ('DEMO', 'DEMO-2099'), ('DEMO', 'DEMO-FUTURE-CAMPAIGN'),
  ('DEMO', 'DEMO-BROKEN'), ('BORDERLESS', 'WELCOME10'), ('IZURA', 'IZURA10'), ('BORDERLESS', 'INVITE-1'),
  ('BORDERLESS', 'INVITE-2')
  );

UPDATE coupon_campaigns SET is_demo = true WHERE site_code = 'DEMO' AND campaign = 'demo-future';

UPDATE members SET is_demo = true WHERE site_code = 'ARTIZON' AND email = 'member@kippu.example';
UPDATE membership_promotions SET is_demo = true
WHERE site_code = 'ARTIZON' AND names->>'en' = 'Kippu Friends member price';

UPDATE products SET is_demo = true WHERE uuid IN (
  '9c4a04f9-9f6d-597f-b15e-c1608594b8db', '1a927672-4c26-5b31-8525-539ff9dab76a', '914eeeca-94c8-529f-85fa-fb4c5bb1c5f4',
  '3bcb33c1-5b52-574d-aba0-c7774b686850', '5ad31bfc-71b5-5ca4-892e-f742c3e60f30', '446bf3fe-fae0-54d5-b817-f56dc0b5715c',
  '1a41c33c-22ba-517e-8331-a979df270bbb', '634082ca-55a9-5c68-93ec-5e0d1207f7d2', '354aa652-cca8-526a-9456-0987b7a94351',
  '756cd0c7-c861-5922-9915-d79d73c709db', '800a10cb-9020-51a8-a70a-dd53add5bada', '06c851b8-0f3c-5d75-ab7e-32a93bfed3e7',
  'f06e5d65-cf4b-593c-93dd-6219793111db', 'fc910c53-22c3-5059-8eec-daa4d576b871', 'a8b9968b-32de-5fe5-a659-c53ecc36ff1f',
  'd34e102d-f0ec-5735-a74f-c2814f18f936', 'fb01f7cf-bc76-56c5-8c49-aa2cd8f5d062', '33f99085-3f2f-5845-9ddc-99b573b10256',
  '8bafe4df-db20-525c-8877-5e31c0900ba4', 'e0ea3ca1-229c-5bb6-9655-ef1ff0c6ca2c', '98a548d9-7b4c-5737-81f8-aff9ab88e28e',
  '21a9735c-d68e-5110-bed0-9942e034af5b', 'f8578c9f-6c80-50ed-8c0c-a2fd283a7fb7', 'b275f0c9-6ffc-5396-bd2d-18b15ab33d79',
  '784d9148-d2f6-5853-bbc7-014aaa0aaf51', '1a773a70-bf4a-5083-89dd-9180750d59fe', '18f8caf6-da88-56c6-b8b3-692b0ed953df',
  '0334c567-6b47-5003-8741-13455431aabe', '7a91987b-c222-57cc-a7c2-92e379f7c40a'
);

UPDATE set_products SET is_demo = true WHERE uuid IN (
  'a4bb164a-79ce-5fb4-8eeb-667bd6d80d23', '698ae440-86d4-54e5-9df8-1d22a6ce6c0a', '9d0b4d6d-001f-5b98-b554-a4444d36eeb6',
  'ae94ba65-6644-5f75-945b-b8e4959bc90c', '742698dc-02a7-5d79-a06e-862616368822', '553d3372-8a9e-5591-8769-2ae2ffde6058',
  'd7f3b28d-20ff-5c12-bd96-68603e77483e', '25d4786a-8401-5428-b4ea-a0457662df77', '7fdf34af-bac5-5a42-98a4-416f8915d611',
  'efbb0967-8c2e-557f-bea5-d2a355cb052a', 'c30ad1f3-8e6b-59e5-a2ec-7e9ec4fe1529', '57478ec5-11ca-57ee-84dc-e7185a76bc24',
  '1d134028-29b0-5a8c-b60c-c4fd70a72410', '595305fd-6d9e-5d5a-b646-d53484ae9d67', '4c9a0600-7e9c-5c76-96c9-6f7751ae06eb',
  'f135d663-c3d5-5ebd-9702-b2a799e6ddea', 'f092e1a7-ee63-5ddc-bd57-7af80fe3ec42', 'fc1be1b9-4f37-57f8-b125-0cdaeb971c88'
);
