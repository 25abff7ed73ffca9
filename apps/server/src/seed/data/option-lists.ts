import type { OptionItem } from '@kippu/contract';
import { option } from '../localized.ts';

/** Ten-year bands, used by most sites. */
export const AGE_DECADES: OptionItem[] = [
  option('10-19', ['10代', '10-19', '10-19岁', '10대', '10-19歲', '10-19 ปี']),
  option('20-29', ['20代', '20-29', '20-29岁', '20대', '20-29歲', '20-29 ปี']),
  option('30-39', ['30代', '30-39', '30-39岁', '30대', '30-39歲', '30-39 ปี']),
  option('40-49', ['40代', '40-49', '40-49岁', '40대', '40-49歲', '40-49 ปี']),
  option('50-59', ['50代', '50-59', '50-59岁', '50대', '50-59歲', '50-59 ปี']),
  option('60-69', ['60代', '60-69', '60-69岁', '60대', '60-69歲', '60-69 ปี']),
  option('70-', ['70代以上', '70 and over', '70岁以上', '70대 이상', '70歲以上', '70 ปีขึ้นไป']),
];

/** Survey-style bands from 18, used by the international sites. */
export const AGE_ADULT_BANDS: OptionItem[] = [
  option('18-24', ['18〜24歳', '18-24', '18-24岁', '18~24세', '18-24歲', '18-24 ปี']),
  option('25-34', ['25〜34歳', '25-34', '25-34岁', '25~34세', '25-34歲', '25-34 ปี']),
  option('35-44', ['35〜44歳', '35-44', '35-44岁', '35~44세', '35-44歲', '35-44 ปี']),
  option('45-54', ['45〜54歳', '45-54', '45-54岁', '45~54세', '45-54歲', '45-54 ปี']),
  option('55-64', ['55〜64歳', '55-64', '55-64岁', '55~64세', '55-64歲', '55-64 ปี']),
  option('65-79', ['65〜79歳', '65-79', '65-79岁', '65~79세', '65-79歲', '65-79 ปี']),
  option('80-', ['80歳以上', 'Above 80', '80岁以上', '80세 이상', '80歲以上', '80 ปีขึ้นไป']),
];

export const GENDER_BINARY: OptionItem[] = [
  option('man', ['男性', 'Man', '男', '남성', '男', 'ชาย']),
  option('woman', ['女性', 'Woman', '女', '여성', '女', 'หญิง']),
];

export const GENDER_WITH_UNDISCLOSED: OptionItem[] = [
  option('male', ['男性', 'Male', '男', '남성', '男', 'ชาย']),
  option('female', ['女性', 'Female', '女', '여성', '女', 'หญิง']),
  option('prefer_not_to_say', [
    '回答しない',
    'Prefer not to say',
    '不愿透露',
    '응답하지 않음',
    '不願透露',
    'ไม่ประสงค์จะระบุ',
  ]),
];

/** "How did you hear about us?" */
export const HEARD_ABOUT_US: OptionItem[] = [
  option('sns', ['SNS', 'Social media', '社交媒体', 'SNS', '社群媒體', 'โซเชียลมีเดีย']),
  option('website', [
    '公式ウェブサイト',
    'Official website',
    '官方网站',
    '공식 웹사이트',
    '官方網站',
    'เว็บไซต์ทางการ',
  ]),
  option('friend', [
    '友人・家族',
    'Friends or family',
    '朋友或家人',
    '친구·가족',
    '朋友或家人',
    'เพื่อนหรือครอบครัว',
  ]),
  option('media', ['テレビ・雑誌', 'TV or magazines', '电视或杂志', 'TV·잡지', '電視或雜誌', 'ทีวีหรือนิตยสาร']),
  option('travel', [
    '旅行ガイド・旅行会社',
    'Travel guide or agency',
    '旅游指南或旅行社',
    '여행 가이드·여행사',
    '旅遊指南或旅行社',
    'ไกด์บุ๊กหรือบริษัททัวร์',
  ]),
  option('other', ['その他', 'Other', '其他', '기타', '其他', 'อื่นๆ']),
];

/** Broad regions, for a site that does not need the prefecture. */
export const JAPAN_REGIONS: OptionItem[] = [
  option('hokkaido_tohoku', [
    '北海道・東北',
    'Hokkaido / Tohoku',
    '北海道·东北',
    '홋카이도·도호쿠',
    '北海道·東北',
    'ฮอกไกโด / โทโฮกุ',
  ]),
  option('kanto', ['関東', 'Kanto', '关东', '간토', '關東', 'คันโต']),
  option('chubu', ['中部', 'Chubu', '中部', '주부', '中部', 'ชูบุ']),
  option('kinki', ['近畿', 'Kinki', '近畿', '긴키', '近畿', 'คินกิ']),
  option('chugoku_shikoku', [
    '中国・四国',
    'Chugoku / Shikoku',
    '中国·四国',
    '주고쿠·시코쿠',
    '中國·四國',
    'ชูโงกุ / ชิโกกุ',
  ]),
  option('kyushu_okinawa', [
    '九州・沖縄',
    'Kyushu / Okinawa',
    '九州·冲绳',
    '규슈·오키나와',
    '九州·沖繩',
    'คิวชู / โอกินาวะ',
  ]),
  option('overseas', ['海外', 'Overseas', '海外', '해외', '海外', 'ต่างประเทศ']),
];
