var Qe=Object.defineProperty;var es=Object.getOwnPropertyDescriptor;var f=(a,s,e)=>()=>{if(e)throw e[0];try{return a&&(s=a(a=0)),s}catch(t){throw e=[t],t}};var ts=(a,s)=>{for(var e in s)Qe(a,e,{get:s[e],enumerable:!0})};var c=(a,s,e,t)=>{for(var r=t>1?void 0:t?es(s,e):s,i=a.length-1,l;i>=0;i--)(l=a[i])&&(r=(t?l(s,e,r):l(r))||r);return t&&r&&Qe(s,e,r),r};var ve,$e,Me,Le,le,et,$,tt,Ue,Ne=f(()=>{"use strict";ve=globalThis,$e=ve.ShadowRoot&&(ve.ShadyCSS===void 0||ve.ShadyCSS.nativeShadow)&&"adoptedStyleSheets"in Document.prototype&&"replace"in CSSStyleSheet.prototype,Me=Symbol(),Le=new WeakMap,le=class{constructor(s,e,t){if(this._$cssResult$=!0,t!==Me)throw Error("CSSResult is not constructable. Use `unsafeCSS` or `css` instead.");this.cssText=s,this.t=e}get styleSheet(){let s=this.o,e=this.t;if($e&&s===void 0){let t=e!==void 0&&e.length===1;t&&(s=Le.get(e)),s===void 0&&((this.o=s=new CSSStyleSheet).replaceSync(this.cssText),t&&Le.set(e,s))}return s}toString(){return this.cssText}},et=a=>new le(typeof a=="string"?a:a+"",void 0,Me),$=(a,...s)=>{let e=a.length===1?a[0]:s.reduce((t,r,i)=>t+(l=>{if(l._$cssResult$===!0)return l.cssText;if(typeof l=="number")return l;throw Error("Value passed to 'css' function must be a 'css' function result: "+l+". Use 'unsafeCSS' to pass non-literal values, but take care to ensure page security.")})(r)+a[i+1],a[0]);return new le(e,a,Me)},tt=(a,s)=>{if($e)a.adoptedStyleSheets=s.map(e=>e instanceof CSSStyleSheet?e:e.styleSheet);else for(let e of s){let t=document.createElement("style"),r=ve.litNonce;r!==void 0&&t.setAttribute("nonce",r),t.textContent=e.cssText,a.appendChild(t)}},Ue=$e?a=>a:a=>a instanceof CSSStyleSheet?(s=>{let e="";for(let t of s.cssRules)e+=t.cssText;return et(e)})(a):a});var ss,rs,is,ns,as,os,ye,st,ls,ds,de,ce,xe,rt,W,he=f(()=>{"use strict";Ne();Ne();({is:ss,defineProperty:rs,getOwnPropertyDescriptor:is,getOwnPropertyNames:ns,getOwnPropertySymbols:as,getPrototypeOf:os}=Object),ye=globalThis,st=ye.trustedTypes,ls=st?st.emptyScript:"",ds=ye.reactiveElementPolyfillSupport,de=(a,s)=>a,ce={toAttribute(a,s){switch(s){case Boolean:a=a?ls:null;break;case Object:case Array:a=a==null?a:JSON.stringify(a)}return a},fromAttribute(a,s){let e=a;switch(s){case Boolean:e=a!==null;break;case Number:e=a===null?null:Number(a);break;case Object:case Array:try{e=JSON.parse(a)}catch{e=null}}return e}},xe=(a,s)=>!ss(a,s),rt={attribute:!0,type:String,converter:ce,reflect:!1,useDefault:!1,hasChanged:xe};Symbol.metadata??=Symbol("metadata"),ye.litPropertyMetadata??=new WeakMap;W=class extends HTMLElement{static addInitializer(s){this._$Ei(),(this.l??=[]).push(s)}static get observedAttributes(){return this.finalize(),this._$Eh&&[...this._$Eh.keys()]}static createProperty(s,e=rt){if(e.state&&(e.attribute=!1),this._$Ei(),this.prototype.hasOwnProperty(s)&&((e=Object.create(e)).wrapped=!0),this.elementProperties.set(s,e),!e.noAccessor){let t=Symbol(),r=this.getPropertyDescriptor(s,t,e);r!==void 0&&rs(this.prototype,s,r)}}static getPropertyDescriptor(s,e,t){let{get:r,set:i}=is(this.prototype,s)??{get(){return this[e]},set(l){this[e]=l}};return{get:r,set(l){let h=r?.call(this);i?.call(this,l),this.requestUpdate(s,h,t)},configurable:!0,enumerable:!0}}static getPropertyOptions(s){return this.elementProperties.get(s)??rt}static _$Ei(){if(this.hasOwnProperty(de("elementProperties")))return;let s=os(this);s.finalize(),s.l!==void 0&&(this.l=[...s.l]),this.elementProperties=new Map(s.elementProperties)}static finalize(){if(this.hasOwnProperty(de("finalized")))return;if(this.finalized=!0,this._$Ei(),this.hasOwnProperty(de("properties"))){let e=this.properties,t=[...ns(e),...as(e)];for(let r of t)this.createProperty(r,e[r])}let s=this[Symbol.metadata];if(s!==null){let e=litPropertyMetadata.get(s);if(e!==void 0)for(let[t,r]of e)this.elementProperties.set(t,r)}this._$Eh=new Map;for(let[e,t]of this.elementProperties){let r=this._$Eu(e,t);r!==void 0&&this._$Eh.set(r,e)}this.elementStyles=this.finalizeStyles(this.styles)}static finalizeStyles(s){let e=[];if(Array.isArray(s)){let t=new Set(s.flat(1/0).reverse());for(let r of t)e.unshift(Ue(r))}else s!==void 0&&e.push(Ue(s));return e}static _$Eu(s,e){let t=e.attribute;return t===!1?void 0:typeof t=="string"?t:typeof s=="string"?s.toLowerCase():void 0}constructor(){super(),this._$Ep=void 0,this.isUpdatePending=!1,this.hasUpdated=!1,this._$Em=null,this._$Ev()}_$Ev(){this._$ES=new Promise(s=>this.enableUpdating=s),this._$AL=new Map,this._$E_(),this.requestUpdate(),this.constructor.l?.forEach(s=>s(this))}addController(s){(this._$EO??=new Set).add(s),this.renderRoot!==void 0&&this.isConnected&&s.hostConnected?.()}removeController(s){this._$EO?.delete(s)}_$E_(){let s=new Map,e=this.constructor.elementProperties;for(let t of e.keys())this.hasOwnProperty(t)&&(s.set(t,this[t]),delete this[t]);s.size>0&&(this._$Ep=s)}createRenderRoot(){let s=this.shadowRoot??this.attachShadow(this.constructor.shadowRootOptions);return tt(s,this.constructor.elementStyles),s}connectedCallback(){this.renderRoot??=this.createRenderRoot(),this.enableUpdating(!0),this._$EO?.forEach(s=>s.hostConnected?.())}enableUpdating(s){}disconnectedCallback(){this._$EO?.forEach(s=>s.hostDisconnected?.())}attributeChangedCallback(s,e,t){this._$AK(s,t)}_$ET(s,e){let t=this.constructor.elementProperties.get(s),r=this.constructor._$Eu(s,t);if(r!==void 0&&t.reflect===!0){let i=(t.converter?.toAttribute!==void 0?t.converter:ce).toAttribute(e,t.type);this._$Em=s,i==null?this.removeAttribute(r):this.setAttribute(r,i),this._$Em=null}}_$AK(s,e){let t=this.constructor,r=t._$Eh.get(s);if(r!==void 0&&this._$Em!==r){let i=t.getPropertyOptions(r),l=typeof i.converter=="function"?{fromAttribute:i.converter}:i.converter?.fromAttribute!==void 0?i.converter:ce;this._$Em=r;let h=l.fromAttribute(e,i.type);this[r]=h??this._$Ej?.get(r)??h,this._$Em=null}}requestUpdate(s,e,t,r=!1,i){if(s!==void 0){let l=this.constructor;if(r===!1&&(i=this[s]),t??=l.getPropertyOptions(s),!((t.hasChanged??xe)(i,e)||t.useDefault&&t.reflect&&i===this._$Ej?.get(s)&&!this.hasAttribute(l._$Eu(s,t))))return;this.C(s,e,t)}this.isUpdatePending===!1&&(this._$ES=this._$EP())}C(s,e,{useDefault:t,reflect:r,wrapped:i},l){t&&!(this._$Ej??=new Map).has(s)&&(this._$Ej.set(s,l??e??this[s]),i!==!0||l!==void 0)||(this._$AL.has(s)||(this.hasUpdated||t||(e=void 0),this._$AL.set(s,e)),r===!0&&this._$Em!==s&&(this._$Eq??=new Set).add(s))}async _$EP(){this.isUpdatePending=!0;try{await this._$ES}catch(e){Promise.reject(e)}let s=this.scheduleUpdate();return s!=null&&await s,!this.isUpdatePending}scheduleUpdate(){return this.performUpdate()}performUpdate(){if(!this.isUpdatePending)return;if(!this.hasUpdated){if(this.renderRoot??=this.createRenderRoot(),this._$Ep){for(let[r,i]of this._$Ep)this[r]=i;this._$Ep=void 0}let t=this.constructor.elementProperties;if(t.size>0)for(let[r,i]of t){let{wrapped:l}=i,h=this[r];l!==!0||this._$AL.has(r)||h===void 0||this.C(r,void 0,i,h)}}let s=!1,e=this._$AL;try{s=this.shouldUpdate(e),s?(this.willUpdate(e),this._$EO?.forEach(t=>t.hostUpdate?.()),this.update(e)):this._$EM()}catch(t){throw s=!1,this._$EM(),t}s&&this._$AE(e)}willUpdate(s){}_$AE(s){this._$EO?.forEach(e=>e.hostUpdated?.()),this.hasUpdated||(this.hasUpdated=!0,this.firstUpdated(s)),this.updated(s)}_$EM(){this._$AL=new Map,this.isUpdatePending=!1}get updateComplete(){return this.getUpdateComplete()}getUpdateComplete(){return this._$ES}shouldUpdate(s){return!0}update(s){this._$Eq&&=this._$Eq.forEach(e=>this._$ET(e,this[e])),this._$EM()}updated(s){}firstUpdated(s){}};W.elementStyles=[],W.shadowRootOptions={mode:"open"},W[de("elementProperties")]=new Map,W[de("finalized")]=new Map,ds?.({ReactiveElement:W}),(ye.reactiveElementVersions??=[]).push("2.1.2")});function mt(a,s){if(!We(a)||!a.hasOwnProperty("raw"))throw Error("invalid template strings array");return nt!==void 0?nt.createHTML(s):s}function re(a,s,e=a,t){if(s===L)return s;let r=t!==void 0?e._$Co?.[t]:e._$Cl,i=me(s)?void 0:s._$litDirective$;return r?.constructor!==i&&(r?._$AO?.(!1),i===void 0?r=void 0:(r=new i(a),r._$AT(a,e,t)),t!==void 0?(e._$Co??=[])[t]=r:e._$Cl=r),r!==void 0&&(s=re(a,r._$AS(a,s.values),r,t)),s}var qe,it,we,nt,ht,X,pt,cs,Q,ue,me,We,hs,Oe,pe,at,ot,Z,lt,dt,ut,He,o,Rs,Ps,L,d,ct,Y,ps,_e,Ie,ge,ie,De,je,ze,Je,us,_t,Ae=f(()=>{"use strict";qe=globalThis,it=a=>a,we=qe.trustedTypes,nt=we?we.createPolicy("lit-html",{createHTML:a=>a}):void 0,ht="$lit$",X=`lit$${Math.random().toFixed(9).slice(2)}$`,pt="?"+X,cs=`<${pt}>`,Q=document,ue=()=>Q.createComment(""),me=a=>a===null||typeof a!="object"&&typeof a!="function",We=Array.isArray,hs=a=>We(a)||typeof a?.[Symbol.iterator]=="function",Oe=`[ 	
\f\r]`,pe=/<(?:(!--|\/[^a-zA-Z])|(\/?[a-zA-Z][^>\s]*)|(\/?$))/g,at=/-->/g,ot=/>/g,Z=RegExp(`>|${Oe}(?:([^\\s"'>=/]+)(${Oe}*=${Oe}*(?:[^ 	
\f\r"'\`<>=]|("|')|))|$)`,"g"),lt=/'/g,dt=/"/g,ut=/^(?:script|style|textarea|title)$/i,He=a=>(s,...e)=>({_$litType$:a,strings:s,values:e}),o=He(1),Rs=He(2),Ps=He(3),L=Symbol.for("lit-noChange"),d=Symbol.for("lit-nothing"),ct=new WeakMap,Y=Q.createTreeWalker(Q,129);ps=(a,s)=>{let e=a.length-1,t=[],r,i=s===2?"<svg>":s===3?"<math>":"",l=pe;for(let h=0;h<e;h++){let p=a[h],u,b,y=-1,q=0;for(;q<p.length&&(l.lastIndex=q,b=l.exec(p),b!==null);)q=l.lastIndex,l===pe?b[1]==="!--"?l=at:b[1]!==void 0?l=ot:b[2]!==void 0?(ut.test(b[2])&&(r=RegExp("</"+b[2],"g")),l=Z):b[3]!==void 0&&(l=Z):l===Z?b[0]===">"?(l=r??pe,y=-1):b[1]===void 0?y=-2:(y=l.lastIndex-b[2].length,u=b[1],l=b[3]===void 0?Z:b[3]==='"'?dt:lt):l===dt||l===lt?l=Z:l===at||l===ot?l=pe:(l=Z,r=void 0);let G=l===Z&&a[h+1].startsWith("/>")?" ":"";i+=l===pe?p+cs:y>=0?(t.push(u),p.slice(0,y)+ht+p.slice(y)+X+G):p+X+(y===-2?h:G)}return[mt(a,i+(a[e]||"<?>")+(s===2?"</svg>":s===3?"</math>":"")),t]},_e=class a{constructor({strings:s,_$litType$:e},t){let r;this.parts=[];let i=0,l=0,h=s.length-1,p=this.parts,[u,b]=ps(s,e);if(this.el=a.createElement(u,t),Y.currentNode=this.el.content,e===2||e===3){let y=this.el.content.firstChild;y.replaceWith(...y.childNodes)}for(;(r=Y.nextNode())!==null&&p.length<h;){if(r.nodeType===1){if(r.hasAttributes())for(let y of r.getAttributeNames())if(y.endsWith(ht)){let q=b[l++],G=r.getAttribute(y).split(X),be=/([.?@])?(.*)/.exec(q);p.push({type:1,index:i,name:be[2],strings:G,ctor:be[1]==="."?De:be[1]==="?"?je:be[1]==="@"?ze:ie}),r.removeAttribute(y)}else y.startsWith(X)&&(p.push({type:6,index:i}),r.removeAttribute(y));if(ut.test(r.tagName)){let y=r.textContent.split(X),q=y.length-1;if(q>0){r.textContent=we?we.emptyScript:"";for(let G=0;G<q;G++)r.append(y[G],ue()),Y.nextNode(),p.push({type:2,index:++i});r.append(y[q],ue())}}}else if(r.nodeType===8)if(r.data===pt)p.push({type:2,index:i});else{let y=-1;for(;(y=r.data.indexOf(X,y+1))!==-1;)p.push({type:7,index:i}),y+=X.length-1}i++}}static createElement(s,e){let t=Q.createElement("template");return t.innerHTML=s,t}};Ie=class{constructor(s,e){this._$AV=[],this._$AN=void 0,this._$AD=s,this._$AM=e}get parentNode(){return this._$AM.parentNode}get _$AU(){return this._$AM._$AU}u(s){let{el:{content:e},parts:t}=this._$AD,r=(s?.creationScope??Q).importNode(e,!0);Y.currentNode=r;let i=Y.nextNode(),l=0,h=0,p=t[0];for(;p!==void 0;){if(l===p.index){let u;p.type===2?u=new ge(i,i.nextSibling,this,s):p.type===1?u=new p.ctor(i,p.name,p.strings,this,s):p.type===6&&(u=new Je(i,this,s)),this._$AV.push(u),p=t[++h]}l!==p?.index&&(i=Y.nextNode(),l++)}return Y.currentNode=Q,r}p(s){let e=0;for(let t of this._$AV)t!==void 0&&(t.strings!==void 0?(t._$AI(s,t,e),e+=t.strings.length-2):t._$AI(s[e])),e++}},ge=class a{get _$AU(){return this._$AM?._$AU??this._$Cv}constructor(s,e,t,r){this.type=2,this._$AH=d,this._$AN=void 0,this._$AA=s,this._$AB=e,this._$AM=t,this.options=r,this._$Cv=r?.isConnected??!0}get parentNode(){let s=this._$AA.parentNode,e=this._$AM;return e!==void 0&&s?.nodeType===11&&(s=e.parentNode),s}get startNode(){return this._$AA}get endNode(){return this._$AB}_$AI(s,e=this){s=re(this,s,e),me(s)?s===d||s==null||s===""?(this._$AH!==d&&this._$AR(),this._$AH=d):s!==this._$AH&&s!==L&&this._(s):s._$litType$!==void 0?this.$(s):s.nodeType!==void 0?this.T(s):hs(s)?this.k(s):this._(s)}O(s){return this._$AA.parentNode.insertBefore(s,this._$AB)}T(s){this._$AH!==s&&(this._$AR(),this._$AH=this.O(s))}_(s){this._$AH!==d&&me(this._$AH)?this._$AA.nextSibling.data=s:this.T(Q.createTextNode(s)),this._$AH=s}$(s){let{values:e,_$litType$:t}=s,r=typeof t=="number"?this._$AC(s):(t.el===void 0&&(t.el=_e.createElement(mt(t.h,t.h[0]),this.options)),t);if(this._$AH?._$AD===r)this._$AH.p(e);else{let i=new Ie(r,this),l=i.u(this.options);i.p(e),this.T(l),this._$AH=i}}_$AC(s){let e=ct.get(s.strings);return e===void 0&&ct.set(s.strings,e=new _e(s)),e}k(s){We(this._$AH)||(this._$AH=[],this._$AR());let e=this._$AH,t,r=0;for(let i of s)r===e.length?e.push(t=new a(this.O(ue()),this.O(ue()),this,this.options)):t=e[r],t._$AI(i),r++;r<e.length&&(this._$AR(t&&t._$AB.nextSibling,r),e.length=r)}_$AR(s=this._$AA.nextSibling,e){for(this._$AP?.(!1,!0,e);s!==this._$AB;){let t=it(s).nextSibling;it(s).remove(),s=t}}setConnected(s){this._$AM===void 0&&(this._$Cv=s,this._$AP?.(s))}},ie=class{get tagName(){return this.element.tagName}get _$AU(){return this._$AM._$AU}constructor(s,e,t,r,i){this.type=1,this._$AH=d,this._$AN=void 0,this.element=s,this.name=e,this._$AM=r,this.options=i,t.length>2||t[0]!==""||t[1]!==""?(this._$AH=Array(t.length-1).fill(new String),this.strings=t):this._$AH=d}_$AI(s,e=this,t,r){let i=this.strings,l=!1;if(i===void 0)s=re(this,s,e,0),l=!me(s)||s!==this._$AH&&s!==L,l&&(this._$AH=s);else{let h=s,p,u;for(s=i[0],p=0;p<i.length-1;p++)u=re(this,h[t+p],e,p),u===L&&(u=this._$AH[p]),l||=!me(u)||u!==this._$AH[p],u===d?s=d:s!==d&&(s+=(u??"")+i[p+1]),this._$AH[p]=u}l&&!r&&this.j(s)}j(s){s===d?this.element.removeAttribute(this.name):this.element.setAttribute(this.name,s??"")}},De=class extends ie{constructor(){super(...arguments),this.type=3}j(s){this.element[this.name]=s===d?void 0:s}},je=class extends ie{constructor(){super(...arguments),this.type=4}j(s){this.element.toggleAttribute(this.name,!!s&&s!==d)}},ze=class extends ie{constructor(s,e,t,r,i){super(s,e,t,r,i),this.type=5}_$AI(s,e=this){if((s=re(this,s,e,0)??d)===L)return;let t=this._$AH,r=s===d&&t!==d||s.capture!==t.capture||s.once!==t.once||s.passive!==t.passive,i=s!==d&&(t===d||r);r&&this.element.removeEventListener(this.name,this,t),i&&this.element.addEventListener(this.name,this,s),this._$AH=s}handleEvent(s){typeof this._$AH=="function"?this._$AH.call(this.options?.host??this.element,s):this._$AH.handleEvent(s)}},Je=class{constructor(s,e,t){this.element=s,this.type=6,this._$AN=void 0,this._$AM=e,this.options=t}get _$AU(){return this._$AM._$AU}_$AI(s){re(this,s)}},us=qe.litHtmlPolyfillSupport;us?.(_e,ge),(qe.litHtmlVersions??=[]).push("3.3.3");_t=(a,s,e)=>{let t=e?.renderBefore??s,r=t._$litPart$;if(r===void 0){let i=e?.renderBefore??null;t._$litPart$=r=new ge(s.insertBefore(ue(),i),i,void 0,e??{})}return r._$AI(a),r}});var Fe,v,ms,gt=f(()=>{"use strict";he();he();Ae();Ae();Fe=globalThis,v=class extends W{constructor(){super(...arguments),this.renderOptions={host:this},this._$Do=void 0}createRenderRoot(){let s=super.createRenderRoot();return this.renderOptions.renderBefore??=s.firstChild,s}update(s){let e=this.render();this.hasUpdated||(this.renderOptions.isConnected=this.isConnected),super.update(s),this._$Do=_t(e,this.renderRoot,this.renderOptions)}connectedCallback(){super.connectedCallback(),this._$Do?.setConnected(!0)}disconnectedCallback(){super.disconnectedCallback(),this._$Do?.setConnected(!1)}render(){return L}};v._$litElement$=!0,v.finalized=!0,Fe.litElementHydrateSupport?.({LitElement:v});ms=Fe.litElementPolyfillSupport;ms?.({LitElement:v});(Fe.litElementVersions??=[]).push("4.2.2")});var ft=f(()=>{"use strict";});var T=f(()=>{"use strict";he();Ae();gt();ft()});var x,bt=f(()=>{"use strict";x=a=>(s,e)=>{e!==void 0?e.addInitializer(()=>{customElements.define(a,s)}):customElements.define(a,s)}});function _(a){return(s,e)=>typeof e=="object"?gs(a,s,e):((t,r,i)=>{let l=r.hasOwnProperty(i);return r.constructor.createProperty(i,t),l?Object.getOwnPropertyDescriptor(r,i):void 0})(a,s,e)}var _s,gs,Ve=f(()=>{"use strict";he();_s={attribute:!0,type:String,converter:ce,reflect:!1,hasChanged:xe},gs=(a=_s,s,e)=>{let{kind:t,metadata:r}=e,i=globalThis.litPropertyMetadata.get(r);if(i===void 0&&globalThis.litPropertyMetadata.set(r,i=new Map),t==="setter"&&((a=Object.create(a)).wrapped=!0),i.set(e.name,a),t==="accessor"){let{name:l}=e;return{set(h){let p=s.get.call(this);s.set.call(this,h),this.requestUpdate(l,p,a,!0,h)},init(h){return h!==void 0&&this.C(l,void 0,a,h),h}}}if(t==="setter"){let{name:l}=e;return function(h){let p=this[l];s.call(this,h),this.requestUpdate(l,p,a,!0,h)}}throw Error("Unsupported decorator location: "+t)}});function m(a){return _({...a,state:!0,attribute:!1})}var vt=f(()=>{"use strict";Ve();});var $t=f(()=>{"use strict";});var ee,ne=f(()=>{"use strict";ee=(a,s,e)=>(e.configurable=!0,e.enumerable=!0,Reflect.decorate&&typeof s!="object"&&Object.defineProperty(a,s,e),e)});function yt(a,s){return(e,t,r)=>{let i=l=>l.renderRoot?.querySelector(a)??null;if(s){let{get:l,set:h}=typeof t=="object"?e:r??(()=>{let p=Symbol();return{get(){return this[p]},set(u){this[p]=u}}})();return ee(e,t,{get(){let p=l.call(this);return p===void 0&&(p=i(this),(p!==null||this.hasUpdated)&&h.call(this,p)),p}})}return ee(e,t,{get(){return i(this)}})}}var xt=f(()=>{"use strict";ne();});var wt=f(()=>{"use strict";ne();});var At=f(()=>{"use strict";ne();});var kt=f(()=>{"use strict";ne();});var Et=f(()=>{"use strict";ne();});var P=f(()=>{"use strict";bt();Ve();vt();$t();xt();wt();At();kt();Et()});function Ct(a){return!!a.localize(Ke+fs)}async function Rt(a){if(Be?.language!==a.language){let s=Promise.all([a.loadBackendTranslation(Tt,ke),a.loadBackendTranslation("options",ke)]);Be={language:a.language,loading:s}}await Be.loading}function n(a,s,e={}){let t={};for(let[i,l]of Object.entries(e))t[i]=typeof l=="number"?g(a,l):l;let r=a.localize(Ke+s,t);return r?(St=a.localize,r):St?.(Ke+s,t)||s}function fe(a,s){return a.localize(`component.${ke}.options.step.init.menu_options.${s}`)||s}function O(a,s,e){let t={},r={};for(let[l,h]of Object.entries(e))typeof h=="object"?(r[l]=h,t[l]=`${l}`):t[l]=h;let i=n(a,s,t).split("");return o`${i.map((l,h)=>h%2?r[l]??l:l)}`}function bs(a){switch(a.locale?.number_format){case"comma_decimal":return["en-US","en"];case"decimal_comma":return["de","es","it"];case"space_comma":return["fr","sv","cs"];case"system":return;default:return a.locale?.language??a.language}}function g(a,s){if(s==null)return"–";let e=a.locale?.number_format==="none"?{useGrouping:!1}:{};return new Intl.NumberFormat(bs(a),e).format(s)}function Pt(a){let s=a.locale?.time_format,e={};return(s==="12"||s==="24")&&(e.hour12=s==="12"),a.locale?.time_zone==="server"&&a.config?.time_zone&&(e.timeZone=a.config.time_zone),e}function Mt(a){return a.locale?.language??a.language}function te(a,s){return new Date(s).toLocaleString(Mt(a),{dateStyle:"medium",timeStyle:"medium",...Pt(a)})}function Ut(a,s){return new Date(s).toLocaleTimeString(Mt(a),{timeStyle:"medium",...Pt(a)})}var Tt,ke,Ke,fs,St,Be,C=f(()=>{"use strict";T();Tt="config_panel",ke="llm_hub",Ke=`component.${ke}.${Tt}.`,fs="tabs.hubs"});function Ge(a){history.pushState(null,"",a),window.dispatchEvent(new CustomEvent("location-changed",{detail:{replace:!1}}))}function M(a){a.stopPropagation(),!(a.ctrlKey||a.metaKey||a.shiftKey||a.button!==0)&&(a.preventDefault(),Ge(a.currentTarget.getAttribute("href")))}function ae(a,s,e=null){if(s==="llm_hub")return n(a,"platform.bench");let t=e?a.states?.[e]:void 0;return e?t?.attributes.friendly_name??e:a.localize(`component.${s}.title`)||s}function Ee(a,s){for(let e of s)Nt.has(`${a.language}:${e}`)||(Nt.add(`${a.language}:${e}`),a.loadBackendTranslation("title",e).catch(()=>{}))}function Ot(a,s,e,t){return e===a.user?.id||!t?H(a,s,e):t}function H(a,s,e){return e?e===a.user?.id?n(a,"common.you",{name:a.user.name}):s.find(t=>t.id===e)?.name??e:"–"}function Se(a,s,e){return s?s===a.user?.id?n(a,"common.you",{name:a.user.name}):e??n(a,"limits.removed_user"):n(a,"approvals.no_user")}function Te(a,s){return s?s.mode==="search"?n(a,"mode.search"):s.mode==="search_over_limit"?n(a,s.active?"mode.over_limit_searching":"mode.over_limit_all"):n(a,"mode.all"):"–"}function j(a){let s=a.split(/(?<=[_.])(?![_.])/);return o`${s.map((e,t)=>o`${t?o`<wbr />`:d}${e}`)}`}function It(a,s){if(!s)return[];let e=(r,i)=>o`<span class="badge ${r}">${n(a,`annotation.${i}`)}</span>`,t=[];return s.read_only?t.push(e("info","read_only")):(s.destructive&&t.push(e("error","destructive")),s.idempotent&&t.push(e("","idempotent"))),s.open_world&&t.push(e("warning","open_world")),t}function Xe(a,s){let e=n(a,`outcome.${s}`);return e===`outcome.${s}`?s.replace("_"," "):e}function Ce(a,s){return o`<span class="badge ${s==="ok"?"success":s==="needs_confirmation"?"warning":"error"}">${Xe(a,s)}</span>`}var Nt,w,U=f(()=>{"use strict";T();C();Nt=new Set;w=$`
  :host {
    display: block;
    color: var(--primary-text-color);
    font-family: var(--ha-font-family-body, Roboto, Noto, sans-serif);
    font-size: 14px;
  }
  a {
    color: var(--primary-color);
    text-decoration: none;
  }
  a:hover {
    text-decoration: underline;
  }
  .card {
    background: var(--ha-card-background, var(--card-background-color, #fff));
    border-radius: var(--ha-card-border-radius, 12px);
    border: var(--ha-card-border-width, 1px) solid var(--ha-card-border-color, var(--divider-color, #e0e0e0));
    box-shadow: var(--ha-card-box-shadow, none);
    padding: 16px;
    margin-bottom: 16px;
  }
  .card h2 {
    margin: 0 0 12px;
    font-size: 20px;
    font-weight: 400;
  }
  .secondary {
    color: var(--secondary-text-color);
  }
  .table-wrap {
    overflow-x: auto;
  }
  table {
    width: 100%;
    border-collapse: collapse;
  }
  td code {
    overflow-wrap: break-word;
  }
  td code.api-id {
    /* An API id is one long word: it may break anywhere rather than widen the table. */
    overflow-wrap: anywhere;
  }
  th,
  td {
    text-align: left;
    padding: 8px;
    border-bottom: 1px solid var(--divider-color);
    vertical-align: top;
  }
  th {
    font-weight: 500;
    color: var(--secondary-text-color);
  }
  td.number,
  th.number {
    text-align: right;
  }
  td.number {
    white-space: nowrap;
  }
  tr.clickable {
    cursor: pointer;
  }
  tr.clickable:hover,
  tr.open {
    background: var(--secondary-background-color);
  }
  tr.hidden-tool td {
    color: var(--secondary-text-color);
  }
  .badge {
    display: inline-block;
    padding: 1px 8px;
    margin: 1px 4px 1px 0;
    border-radius: 10px;
    font-size: 12px;
    line-height: 18px;
    white-space: nowrap;
    border: 1px solid var(--divider-color);
    color: var(--primary-text-color);
  }
  td.warnings .badge {
    /* Long words (German) wrap inside the chip rather than widen the table past the screen. */
    white-space: normal;
  }
  .badge.info {
    border-color: var(--info-color, #039be5);
    color: var(--info-color, #039be5);
  }
  .badge.success {
    border-color: var(--success-color, #43a047);
    color: var(--success-color, #43a047);
  }
  .badge.warning {
    border-color: var(--warning-color, #ffa600);
    color: var(--warning-color, #ffa600);
  }
  .badge.error {
    border-color: var(--error-color, #db4437);
    color: var(--error-color, #db4437);
  }
  .alert {
    padding: 8px 12px;
    border-radius: 8px;
    border-left: 4px solid var(--warning-color, #ffa600);
    background: var(--secondary-background-color);
    margin-bottom: 12px;
  }
  .alert.error {
    border-left-color: var(--error-color, #db4437);
  }
  pre,
  code {
    font-family: var(--ha-font-family-code, var(--code-font-family, monospace));
    font-size: 12px;
  }
  pre {
    background: var(--secondary-background-color);
    color: var(--primary-text-color);
    padding: 8px 12px;
    border-radius: 8px;
    overflow: auto;
    white-space: pre-wrap;
    word-break: break-word;
    margin: 4px 0 8px;
  }
  input,
  select,
  textarea,
  button {
    font: inherit;
    color: var(--primary-text-color);
    background: var(--card-background-color, var(--primary-background-color));
    border: 1px solid var(--divider-color);
    border-radius: 6px;
    padding: 6px 8px;
  }
  textarea {
    width: 100%;
    box-sizing: border-box;
    min-height: 80px;
  }
  button {
    cursor: pointer;
  }
  button.primary {
    background: var(--primary-color);
    color: var(--text-primary-color, #fff);
    border-color: var(--primary-color);
  }
  button:disabled {
    opacity: 0.5;
    cursor: default;
  }
  .toolbar {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
    margin-bottom: 12px;
  }
  .grow {
    flex: 1;
  }
  .figures {
    display: flex;
    flex-wrap: wrap;
    gap: 24px;
    margin-bottom: 8px;
  }
  .figure .value {
    font-size: 22px;
  }
  .figure .label {
    color: var(--secondary-text-color);
    font-size: 12px;
  }
`});var I,oe=f(()=>{"use strict";I=class{constructor(s){this._host=s;this._start=performance.now()}restart(){this._start=performance.now(),delete this._host.dataset.renderMs}async done(){await this._host.updateComplete,await new Promise(s=>requestAnimationFrame(()=>setTimeout(s))),this._host.dataset.renderMs=(performance.now()-this._start).toFixed(0)}}});function A(a){if(a&&typeof a=="object"&&"message"in a){let{code:s,message:e}=a;return s?`${s}: ${e}`:String(e)}return String(a)}var F=f(()=>{"use strict"});var vs,N,Dt=f(()=>{"use strict";T();P();U();C();oe();F();vs=["ok","error","refused","needs_confirmation"],N=class extends v{constructor(){super(...arguments);this.users=[];this._hub="";this._tool="";this._user="";this._outcome="";this._timer=new I(this)}connectedCallback(){super.connectedCallback(),this._timer.restart(),this._unsubscribe=this.hass.connection.subscribeMessage(e=>{let t=this._calls===void 0;this._calls=[...e.calls.reverse(),...this._calls??[]].slice(0,500),t&&this._timer.done()},{type:"llm_hub/activity/subscribe"}),this._unsubscribe.catch(e=>{this._error=A(e)})}disconnectedCallback(){super.disconnectedCallback(),this._unsubscribe?.then(e=>e()).catch(()=>{}),this._unsubscribe=void 0,this._calls=void 0}_userName(e){return H(this.hass,this.users,e)}render(){let e=this.hass;if(this._error)return o`<div class="alert error">${this._error}</div>`;if(!this._calls)return o`<div class="secondary">${n(e,"common.loading")}</div>`;let t=this._calls;Ee(e,new Set(t.map(u=>u.platform)));let r=[...new Map(t.map(u=>[u.api_id,u.api_name])).entries()],i=[...new Set(t.map(u=>u.user_id??""))],l=this._tool.trim().toLowerCase(),h=t.filter(u=>(!this._hub||u.api_id===this._hub)&&(!this._user||(u.user_id??"")===this._user)&&(!this._outcome||u.outcome===this._outcome)&&(!l||u.tool_name.toLowerCase().includes(l)||u.original_tool_name.toLowerCase().includes(l))),p=u=>b=>{this[u]=b.target.value};return o`<div class="card">
      <h2>${n(e,"tabs.activity")}</h2>
      <div class="toolbar">
        <select name="hub" @change=${p("_hub")}>
          <option value="">${n(e,"activity.all_hubs")}</option>
          ${r.map(([u,b])=>o`<option value=${u}>${b}</option>`)}
        </select>
        <input
          name="tool"
          type="search"
          placeholder=${n(e,"activity.tool")}
          .value=${this._tool}
          @input=${u=>this._tool=u.target.value}
        />
        <select name="user" @change=${p("_user")}>
          <option value="">${n(e,"activity.all_users")}</option>
          ${i.map(u=>o`<option value=${u}>${this._userName(u||null)}</option>`)}
        </select>
        <select name="outcome" @change=${p("_outcome")}>
          <option value="">${n(e,"activity.all_outcomes")}</option>
          ${vs.map(u=>o`<option value=${u}>${Xe(e,u)}</option>`)}
        </select>
        <span class="grow"></span>
        <span class="secondary live">● ${n(e,"common.live")}</span>
      </div>
      ${h.length===0?o`<p class="secondary">
            ${n(e,t.length?"activity.no_match":"activity.none")}
          </p>`:o`<div class="table-wrap"><table>
            <thead>
              <tr>
                <th>${n(e,"activity.col_time")}</th>
                <th>${n(e,"activity.col_hub")}</th>
                <th>${n(e,"activity.tool")}</th>
                <th>${n(e,"activity.col_user")}</th>
                <th>${n(e,"activity.col_from")}</th>
                <th>${n(e,"activity.col_outcome")}</th>
                <th class="number">${n(e,"activity.col_duration")}</th>
              </tr>
            </thead>
            <tbody>
              ${h.map(u=>this._row(u))}
            </tbody>
          </table></div>`}
    </div>`}_row(e){let t=this.hass;return o`<tr data-call=${e.tool_call_id}>
      <td class="time">${te(t,e.time)}</td>
      <td>${e.api_name}</td>
      <td>
        <code>${j(e.tool_name)}</code>
        ${e.original_tool_name!==e.tool_name?o`<div class="secondary"><code>${j(e.original_tool_name)}</code></div>`:d}
        ${e.arguments?o`<pre class="arguments">${JSON.stringify(e.arguments)}</pre>`:d}
        ${e.error?o`<div class="error-text">${e.error}</div>`:d}
      </td>
      <td>${this._userName(e.user_id)}</td>
      <td>${ae(t,e.platform,e.agent_id)}</td>
      <td>
        ${Ce(t,e.outcome)}
        ${e.shadow?o`<div>
              <span class="badge warning" title=${e.shadow_reason??""}
                >${n(t,e.shadow==="refuse"?"shadow.badge_refuse":"shadow.badge_ask")}</span
              >
            </div>`:d}
      </td>
      <td class="number">${n(t,"common.ms",{ms:g(t,e.duration_ms)})}</td>
    </tr>`}};N.styles=[w,$`
      .live {
        color: var(--success-color, #43a047);
      }
      .time {
        white-space: nowrap;
      }
      .arguments {
        margin: 4px 0 0;
        padding: 2px 6px;
      }
      .error-text {
        color: var(--error-color);
        font-size: 12px;
      }
    `],c([_({attribute:!1})],N.prototype,"hass",2),c([_({attribute:!1})],N.prototype,"users",2),c([m()],N.prototype,"_calls",2),c([m()],N.prototype,"_error",2),c([m()],N.prototype,"_hub",2),c([m()],N.prototype,"_tool",2),c([m()],N.prototype,"_user",2),c([m()],N.prototype,"_outcome",2),N=c([x("llm-hub-activity")],N)});function jt(a,s){let e=Math.max(0,Math.round((Date.parse(a)-s)/1e3)),[t,r,i]=[Math.floor(e/3600),Math.floor(e/60)%60,e%60],l=h=>String(h).padStart(2,"0");return t?`${t}:${l(r)}:${l(i)}`:`${r}:${l(i)}`}var $s,E,zt=f(()=>{"use strict";T();P();U();C();oe();F();$s={pending:"warning",approved:"success",used:"success",denied:"error",expired:""};E=class extends v{constructor(){super(...arguments);this.users=[];this.prefix="/llm_hub";this.hubLinks=!0;this._remembered=[];this._remember=new Map;this._busy=new Set;this._failed=new Map;this._now=Date.now();this._timer=new I(this)}connectedCallback(){super.connectedCallback(),this._timer.restart(),this._unsubscribe=this.hass.connection.subscribeMessage(e=>{let t=this._approvals===void 0;this._approvals=e.approvals,this._remembered=e.remembered,t&&this._timer.done()},{type:"llm_hub/approvals/subscribe"}),this._unsubscribe.catch(e=>{this._error=A(e)}),this._tick=window.setInterval(()=>{(this._approvals?.some(t=>t.status==="pending"||t.status==="approved")||this._remembered.length)&&(this._now=Date.now())},1e3)}disconnectedCallback(){super.disconnectedCallback(),window.clearInterval(this._tick),this._unsubscribe?.then(e=>e()).catch(()=>{}),this._unsubscribe=void 0,this._approvals=void 0}async _decide(e,t){let r=t?this._remember.get(e.approval_id):void 0;await this._send(e.approval_id,{type:t?"llm_hub/approvals/approve":"llm_hub/approvals/deny",...r?{remember:r}:{}})}_choose(e,t){let r=new Map(this._remember);t?r.set(e,Number(t)):r.delete(e),this._remember=r}async _send(e,t){this._busy=new Set(this._busy).add(e);let r=new Map(this._failed);r.delete(e);try{await this.hass.callWS({...t,approval_id:e})}catch(l){r.set(e,A(l))}this._failed=r;let i=new Set(this._busy);i.delete(e),this._busy=i}_who(e,t){return e?Ot(this.hass,this.users,e,t):n(this.hass,"approvals.no_user")}_clock(e){return Ut(this.hass,e)}render(){let e=this.hass;if(this._error)return o`<div class="alert error">${this._error}</div>`;if(!this._approvals)return o`<div class="secondary">${n(e,"common.loading")}</div>`;let t=this._approvals.filter(i=>i.status==="pending"),r=this._approvals.filter(i=>i.status!=="pending").sort((i,l)=>(l.decided??l.expires).localeCompare(i.decided??i.expires));return o`<div class="card">
        <div class="toolbar">
          <h2 class="grow">${n(e,"tabs.approvals")}</h2>
          <span class="secondary live">● ${n(e,"common.live")}</span>
        </div>
        ${t.length?t.map(i=>this._approval(i)):o`<p class="secondary empty">
              ${n(e,"approvals.none",{safety:fe(e,"safety")})}
            </p>`}
      </div>
      ${this._remembered.length?o`<div class="card remembered-card">
            <h2>${n(e,"approvals.remembered")}</h2>
            <p class="secondary about">${n(e,"approvals.remembered_about")}</p>
            ${[...this._remembered].sort((i,l)=>i.until.localeCompare(l.until)).map(i=>this._rememberedRow(i))}
          </div>`:d}
      ${r.length?o`<div class="card decided-card">
            <h2>${n(e,"approvals.decided")}</h2>
            ${r.map(i=>this._approval(i))}
          </div>`:d}`}_approval(e){let t=this.hass,r=e.approval_id,i=e.status==="pending",l=Object.keys(e.arguments).length?o`<pre class="arguments">${JSON.stringify(e.arguments,null,2)}</pre>`:o`<div class="secondary">${n(t,"approvals.no_arguments")}</div>`,h=this._failed.get(r);return o`<div class=${i?"approval":"approval done"} data-approval=${r}
      data-status=${e.status}>
      <div class="head">
        ${this._toolThrough(e)}
        <span class="badge ${$s[e.status]} status"
          >${n(t,`approvals.status_${e.status}`)}</span
        >
        <span class="grow"></span>
        ${this._countdown(e)}
      </div>
      <div class="secondary meta">
        ${O(t,"approvals.asked",{who:o`<span class="asked-by">${this._who(e.user_id,e.user_name)}</span>`,platform:o`<span class="through"
            >${e.platform==="llm_hub"||!e.through?ae(t,e.platform,e.agent_id):e.through}</span
          >`,time:this._clock(e.created)})}
        ${this._decision(e)}
        ${e.remember_until?o`<span class="remembered-until"
              >${n(t,"approvals.remembered_until",{time:this._clock(e.remember_until)})}</span
            >`:d}
      </div>
      ${this._targets(e.targets,e.targets_more,e.targets_unmatched)}
      ${l}
      ${h?o`<div class="alert error">${h}</div>`:d}
      ${i?o`<div class="actions">
            ${e.remember_choices?.length?this._rememberChoice(e):d}
            <button
              class="primary approve"
              ?disabled=${this._busy.has(r)}
              @click=${()=>this._decide(e,!0)}
            >
              ${n(t,"approvals.approve")}
            </button>
            <button
              class="deny"
              ?disabled=${this._busy.has(r)}
              @click=${()=>this._decide(e,!1)}
            >
              ${n(t,"approvals.deny")}
            </button>
          </div>`:d}
    </div>`}_toolThrough(e){return O(this.hass,"approvals.tool_through",{tool:o`<code class="tool">${j(e.tool_name)}</code>`,hub:this.hubLinks?o`<a href=${`${this.prefix}/hub/${e.api_id}`} @click=${M}
            >${e.hub_name}</a
          >`:o`<span class="hub">${e.hub_name}</span>`})}_targets(e,t,r=null){let i=this.hass;return!e?.length&&!r?d:o`<div class="targets">
      ${n(i,"approvals.acts_on")}
      ${e.map((l,h)=>o`${h?", ":""}<b>${l}</b>`)}
      ${t?n(i,"approvals.acts_on_more",{count:g(i,t)}):d}
      ${r?n(i,"approvals.acts_on_nothing",{given:r}):d}
    </div>`}_rememberChoice(e){let t=this.hass,r=e.approval_id,i=this._remember.get(r);return o`<label class="remember"
      >${n(t,"approvals.remember")}
      <select
        name="remember"
        ?disabled=${this._busy.has(r)}
        @change=${l=>this._choose(r,l.target.value)}
      >
        <option value="" ?selected=${i===void 0}>
          ${n(t,"approvals.remember_none")}
        </option>
        ${e.remember_choices.map(l=>o`<option value=${String(l)} ?selected=${i===l}>
              ${n(t,"approvals.remember_minutes",{minutes:l})}
            </option>`)}
      </select></label
    >`}_rememberedRow(e){let t=this.hass,r=e.approval_id,i=this._failed.get(r);return o`<div class="approval remembered" data-remembered=${r}>
      <div class="head">
        ${this._toolThrough(e)}
        <span class="grow"></span>
        <span
          class="countdown"
          title=${n(t,"approvals.until",{time:this._clock(e.until)})}
          >${n(t,"approvals.remembered_left",{time:jt(e.until,this._now)})}</span
        >
      </div>
      <div class="secondary meta">
        ${O(t,"approvals.remembered_for",{who:o`<span class="asked-by">${this._who(e.user_id,e.user_name)}</span>`,by:o`<span class="decided-by"
            >${e.decided_by?this._who(e.decided_by,e.decided_by_name):""}</span
          >`,time:e.decided?this._clock(e.decided):""})}
        <span class="until"
          >${n(t,"approvals.remembered_until",{time:this._clock(e.until)})}</span
        >
        ${n(t,"approvals.remembered_uses",{count:e.uses})}
      </div>
      ${this._targets(e.targets,e.targets_more)}
      ${i?o`<div class="alert error">${i}</div>`:d}
      <div class="actions">
        <button
          class="revoke"
          ?disabled=${this._busy.has(r)}
          @click=${()=>this._send(r,{type:"llm_hub/approvals/revoke"})}
        >
          ${n(t,"approvals.revoke")}
        </button>
      </div>
    </div>`}_countdown(e){let t=this.hass,r=n(t,"approvals.until",{time:this._clock(e.expires)}),i=jt(e.expires,this._now);return e.status==="pending"?o`<span class="countdown" title=${r}
        >${n(t,"approvals.expires_in",{time:i})}</span
      >`:e.status==="approved"?o`<span class="countdown" title=${r}
        >${n(t,"approvals.call_within",{time:i})}</span
      >`:d}_decision(e){let t=this.hass,r={by:o`<span class="decided-by"
        >${e.decided_by?this._who(e.decided_by,e.decided_by_name):""}</span
      >`,time:e.decided?this._clock(e.decided):"",expired:this._clock(e.expires)};switch(e.status){case"approved":return O(t,"approvals.decided_approved",r);case"used":return O(t,"approvals.decided_used",r);case"denied":return O(t,"approvals.decided_denied",r);case"expired":return e.decided_by?O(t,"approvals.decided_expired",r):n(t,"approvals.nobody_decided",{expired:r.expired});default:return d}}};E.styles=[w,$`
      .toolbar h2 {
        margin: 0;
      }
      .live {
        color: var(--success-color, #43a047);
      }
      .empty {
        max-width: 720px;
      }
      .approval {
        padding: 12px 0;
        border-top: 1px solid var(--divider-color);
      }
      .toolbar + .approval,
      h2 + .approval {
        border-top: none;
      }
      .approval.done {
        opacity: 0.65;
      }
      .head {
        display: flex;
        flex-wrap: wrap;
        align-items: baseline;
        gap: 6px;
        margin-bottom: 4px;
      }
      .tool {
        font-size: 14px;
        font-weight: 500;
      }
      .countdown {
        font-variant-numeric: tabular-nums;
        color: var(--secondary-text-color);
      }
      .approval:not(.done) .countdown {
        color: var(--warning-color, #ffa600);
      }
      .meta {
        margin-bottom: 4px;
      }
      .arguments {
        max-height: 240px;
      }
      .actions {
        display: flex;
        gap: 8px;
      }
      .actions button {
        min-width: 96px;
      }
      .actions .remember {
        display: flex;
        align-items: center;
        gap: 6px;
      }
      .about {
        margin-top: 0;
        max-width: 720px;
      }
      button.deny {
        color: var(--error-color, #db4437);
        border-color: var(--error-color, #db4437);
      }
    `],c([_({attribute:!1})],E.prototype,"hass",2),c([_({attribute:!1})],E.prototype,"users",2),c([_()],E.prototype,"prefix",2),c([_({type:Boolean})],E.prototype,"hubLinks",2),c([m()],E.prototype,"_approvals",2),c([m()],E.prototype,"_remembered",2),c([m()],E.prototype,"_remember",2),c([m()],E.prototype,"_error",2),c([m()],E.prototype,"_busy",2),c([m()],E.prototype,"_failed",2),c([m()],E.prototype,"_now",2),E=c([x("llm-hub-approvals")],E)});function Jt(a){if(typeof a!="object"||a===null)return!1;let s=a.error;return s==="MatchFailedError"||s==="OutOfScope"}var z,Ze=f(()=>{"use strict";T();P();U();C();F();z=class extends v{constructor(){super(...arguments);this.entryId="";this._filter=""}willUpdate(e){e.has("entryId")&&this.entryId&&(this._scope=void 0,this._load())}async _load(){try{this._scope=await this.hass.callWS({type:"llm_hub/hub/scope",entry_id:this.entryId}),this._error=void 0}catch(e){this._error=A(e)}}render(){let e=this._scope;return o`<div class="card scope">
      <h2>${n(this.hass,"scope.title")}</h2>
      ${this._error?o`<div class="alert error">${this._error}</div>`:e?this._body(e):o`<div class="secondary">${n(this.hass,"common.loading")}</div>`}
    </div>`}_body(e){let t=this.hass,r=e.allowed_users.length||e.admins_only;return o`
      <p class="reaches">
        <strong
          >${n(t,"scope.reaches",{reached:e.reached.length,exposed:e.exposed})}</strong
        >
      </p>
      ${e.empty&&!r?o`<p class="secondary">${n(t,"scope.none")}</p>`:o`${e.empty?d:o`<p class="secondary">${n(t,"scope.narrows")}</p>`}
            <table class="names">
              ${this._row("areas",n(t,"scope.areas"),e.areas)}
              ${this._row("floors",n(t,"scope.floors"),e.floors)}
              ${this._row("labels",n(t,"scope.labels"),e.labels)}
              ${this._row("domains",n(t,"scope.domains"),e.domains.map(i=>({id:i,name:i})))}
              ${this._row("entities",n(t,"scope.entities"),e.entities)}
              ${this._row("excluded",n(t,"scope.excluded"),e.excluded)}
              <tr>
                <th>${n(t,"scope.users")}</th>
                <td data-part="users">
                  ${[...e.allowed_users.length?e.allowed_users.map(i=>this._name(i)):[n(t,"scope.everyone")],...e.admins_only?[n(t,"scope.admins_only")]:[]].map((i,l)=>o`${l?", ":""}${i}`)}
                </td>
              </tr>
            </table>`}
      <details class="reached">
        <summary>${n(t,"scope.show_list",{count:e.reached.length})}</summary>
        ${this._reached(e)}
      </details>
    `}_row(e,t,r){return r.length?o`<tr>
      <th>${t}</th>
      <td data-part=${e}>
        ${r.map((i,l)=>o`${l?", ":""}${this._name(i)}`)}
      </td>
    </tr>`:d}_name(e){return e.name===null?o`<code>${e.id}</code> <span class="badge warning">${n(this.hass,"scope.gone")}</span>`:o`<span title=${e.id}>${e.name}</span>`}_reached(e){if(!e.reached.length)return o`<p class="secondary">${n(this.hass,"scope.none_reached")}</p>`;let t=this._filter.trim().toLowerCase(),r=e.reached.filter(i=>!t||[i.id,i.name,i.area].some(l=>l?.toLowerCase().includes(t)));return o`<input
        type="search"
        placeholder=${n(this.hass,"scope.filter")}
        .value=${this._filter}
        @input=${i=>this._filter=i.target.value}
      />
      <ul class="entities">
        ${r.map(i=>o`<li data-entity=${i.id}>
              ${i.name??i.id} <code>${i.id}</code>
              <span class="secondary">${i.area??n(this.hass,"scope.no_area")}</span>
              ${i.acts_outside?o`<span class="badge warning" title=${n(this.hass,"scope.acts_outside_why")}
                      >${n(this.hass,"scope.acts_outside")}</span
                    >
                    <div class="secondary outside">
                      ${i.outside.length?n(this.hass,"scope.acts_on",{entities:i.outside.map(l=>l.name??l.id).join(", ")}):i.outside_why}
                    </div>`:d}
            </li>`)}
      </ul>`}};z.styles=[w,$`
      table.names th {
        text-align: left;
        padding-right: 16px;
        font-weight: 500;
        white-space: nowrap;
        vertical-align: top;
      }
      ul.entities {
        max-height: 320px;
        overflow: auto;
        padding-left: 20px;
      }
      details.reached input {
        margin: 8px 0;
        width: 100%;
        box-sizing: border-box;
      }
    `],c([_({attribute:!1})],z.prototype,"hass",2),c([_()],z.prototype,"entryId",2),c([m()],z.prototype,"_scope",2),c([m()],z.prototype,"_error",2),c([m()],z.prototype,"_filter",2),z=c([x("llm-hub-scope")],z)});async function ys(){let a=window;if(typeof a.loadCardHelpers=="function"&&(await(await(await a.loadCardHelpers()).createCardElement({type:"entities",entities:[]}))?.constructor?.getConfigElement?.(),customElements.get("ha-form")))return;await customElements.whenDefined("partial-panel-resolver"),await document.createElement("partial-panel-resolver")._getRoutes?.([{component_name:"config",url_path:"llm-hub-tmp"}])?.routes?.["llm-hub-tmp"]?.load?.(),await customElements.whenDefined("ha-panel-config"),await document.createElement("ha-panel-config").routerOptions?.routes?.automation?.load?.()}function qt(){return customElements.get("ha-form")?Promise.resolve(!0):(Ye??=Promise.race([ys().catch(()=>{}).then(()=>customElements.whenDefined("ha-form")).then(()=>!0),new Promise(a=>setTimeout(()=>a(!1),5e3))]).then(a=>(a||(Ye=void 0),a)),Ye)}var Ye,Wt=f(()=>{"use strict"});function Re(a){return(Array.isArray(a.type)?a.type:[a.type]).find(e=>e&&e!=="null")}var R,Ht=f(()=>{"use strict";T();P();U();Wt();C();R=class extends v{constructor(){super(...arguments);this.selectors={};this._data={};this._raw={};this._errors={};this._asJson=!1;this._json="{}"}reset(){this._data={},this._haForm===!1&&customElements.get("ha-form")&&(this._haForm=!0),this._raw={},this._errors={},this._json="{}",this._asJson=!1}connectedCallback(){if(super.connectedCallback(),this._haForm!==void 0)return;let e=performance.now();this.dataset.formLoaded=customElements.get("ha-form")?"before":"by the panel",qt().then(t=>{this._haForm=t,this.dataset.form=t?"ha-form":"plain",this.dataset.formMs=String(Math.round(performance.now()-e))})}render(){let e=this.hass,t=Object.entries(this.schema?.properties??{}),r=new Set(this.schema?.required??[]);return o`
      <label class="switch"
        ><input type="checkbox" .checked=${this._asJson} @change=${this._toggleJson} />
        ${n(e,"form.as_json")}</label
      >
      ${this._asJson?o`<textarea
            name="__json__"
            .value=${this._json}
            @input=${i=>{this._json=i.target.value,this._emit()}}
          ></textarea>`:t.length===0?o`<p class="secondary">${n(e,"form.no_arguments")}</p>`:this._haForm===void 0?o`<p class="secondary">${n(e,"form.loading")}</p>`:this._haForm?this._renderHaForm(t,r):t.map(([i,l])=>this._field(i,l,r.has(i)))}
    `}_renderHaForm(e,t){let r=e.map(([l])=>({name:l,required:t.has(l),selector:this.selectors[l]??{object:{}}})),i=Object.fromEntries(e.map(([l,h])=>[l,h.description]));return o`<ha-form
      .hass=${this.hass}
      .data=${this._data}
      .schema=${r}
      .computeLabel=${l=>l.name}
      .computeHelper=${l=>i[l.name]}
      @value-changed=${l=>{l.stopPropagation(),this._data=l.detail.value,this._emit()}}
    ></ha-form>`}_field(e,t,r){let i=Re(t),l=this._raw[e]??"",h=b=>{this._raw={...this._raw,[e]:b},this._emit()},p=b=>h(b.target.value),u;return t.enum?u=o`<select name=${e} @change=${p}>
        <option value="" ?selected=${l===""}>—</option>
        ${t.enum.map(b=>o`<option value=${JSON.stringify(b)} ?selected=${l===JSON.stringify(b)}>
              ${String(b)}
            </option>`)}
      </select>`:i==="boolean"?u=o`<select name=${e} @change=${p}>
        <option value="" ?selected=${l===""}>—</option>
        <option value="true" ?selected=${l==="true"}>true</option>
        <option value="false" ?selected=${l==="false"}>false</option>
      </select>`:i==="integer"||i==="number"?u=o`<input
        name=${e}
        type="number"
        step=${i==="integer"?"1":"any"}
        min=${t.minimum??""}
        max=${t.maximum??""}
        .value=${l}
        @input=${p}
      />`:i==="string"?u=o`<input name=${e} type="text" .value=${l} @input=${p} />`:i==="array"&&Re(t.items??{})==="string"&&!t.items?.enum?u=o`<textarea
        name=${e}
        placeholder=${n(this.hass,"form.one_per_line")}
        .value=${l}
        @input=${p}
      ></textarea>`:u=o`<textarea
        name=${e}
        placeholder="JSON"
        .value=${l}
        @input=${p}
      ></textarea>`,o`<div class="field">
      <label
        ><code>${e}</code>${r?o`<span class="required">*</span>`:d}
        ${i?o`<span class="secondary">${i}</span>`:d}</label
      >
      ${u}
      ${t.description?o`<div class="secondary">${t.description}</div>`:d}
      ${this._errors[e]?o`<div class="error">${this._errors[e]}</div>`:d}
    </div>`}_args(){if(this._haForm)return Object.fromEntries(Object.entries(this._data).filter(([,r])=>r!==void 0&&r!==""));let e={},t={};for(let[r,i]of Object.entries(this.schema?.properties??{})){let l=this._raw[r];if(l===void 0||l==="")continue;let h=Re(i);try{i.enum||h==="boolean"?e[r]=JSON.parse(l):h==="integer"||h==="number"?e[r]=Number(l):h==="string"?e[r]=l:h==="array"&&Re(i.items??{})==="string"&&!i.items?.enum?e[r]=l.split(`
`).filter(p=>p.trim()):e[r]=JSON.parse(l)}catch{t[r]=n(this.hass,"form.not_json")}}return this._errors=t,e}_toggleJson(e){if(this._asJson=e.target.checked,this._asJson)this._json=JSON.stringify(this._args(),null,2);else if(this._haForm)try{let t=JSON.parse(this._json||"{}");t&&typeof t=="object"&&!Array.isArray(t)&&(this._data=t)}catch{}this._emit()}_emit(){let e;if(this._asJson)try{let t=JSON.parse(this._json||"{}");e=t&&typeof t=="object"&&!Array.isArray(t)?{value:t}:{error:n(this.hass,"form.not_object")}}catch(t){e={error:n(this.hass,"form.not_json_because",{error:t.message})}}else{let t=this._args();e=Object.keys(this._errors).length?{error:n(this.hass,"form.invalid_fields")}:{value:t}}this.dispatchEvent(new CustomEvent("value-changed",{detail:e}))}};R.styles=[w,$`
      ha-form {
        display: block;
        max-width: 560px;
        margin-bottom: 12px;
      }
      .field {
        display: flex;
        flex-direction: column;
        gap: 4px;
        margin-bottom: 12px;
        max-width: 560px;
      }
      .required {
        color: var(--error-color);
        margin-left: 2px;
      }
      .error {
        color: var(--error-color);
      }
      .switch {
        display: block;
        margin-bottom: 12px;
      }
    `],c([_({attribute:!1})],R.prototype,"hass",2),c([_({attribute:!1})],R.prototype,"schema",2),c([_({attribute:!1})],R.prototype,"selectors",2),c([m()],R.prototype,"_haForm",2),c([m()],R.prototype,"_data",2),c([m()],R.prototype,"_raw",2),c([m()],R.prototype,"_errors",2),c([m()],R.prototype,"_asJson",2),c([m()],R.prototype,"_json",2),R=c([x("llm-hub-schema-form")],R)});var k,Ft=f(()=>{"use strict";T();P();U();Ze();C();oe();Ht();F();k=class extends v{constructor(){super(...arguments);this.users=[];this.apiId="";this.toolName="";this._api="";this._tool="";this._user="";this._autoUser=!1;this._args={};this._running=!1;this._timer=new I(this)}connectedCallback(){super.connectedCallback(),this._timer.restart(),this._start()}willUpdate(e){e.has("hass")&&!this._user&&this.hass?.user&&(this._user=this.hass.user.id)}async _start(){let e=this.apiId?this._describe(this.apiId):void 0;e?.catch(()=>{});try{this._apis=await this.hass.callWS({type:"llm_hub/apis/list"});let t=this._apis.apis.filter(i=>i.tools!==null),r=t.find(i=>i.id===this.apiId)??t[0];r&&await this._loadApi(r.id,this.toolName,r.id===this.apiId?e:void 0)}catch(t){this._error=A(t)}await this._timer.done()}_describe(e){return this.hass.callWS({type:"llm_hub/api/describe",api_id:e,user_id:this._user||void 0})}async _loadApi(e,t="",r,i=!1){this._api=e;let l=this._apis?.apis.find(u=>u.id===e)?.as_user,h=this.hass.user?.id;this._autoUser&&this._user!==l&&(this._user=h??"",this._autoUser=!1,r=void 0),l&&l!==h&&!i&&(!this._user||this._user===h)&&(this._user=l,this._autoUser=!0,r=void 0),this._description=void 0,this._result=void 0,this._description=await(r??this._describe(e));let p=this._description.tools.filter(u=>!u.hidden);this._selectTool((p.find(u=>u.name===t)??p[0])?.name??"")}_selectTool(e){this._tool=e,this._args={},this._argsError=void 0,this._result=void 0,this._error=void 0,this._form?.reset()}render(){let e=this.hass;if(!this._apis)return this._error?o`<div class="alert error">${this._error}</div>`:o`<div class="secondary">${n(e,"common.loading")}</div>`;let t=this._description?.tools.filter(h=>!h.hidden)??[],r=t.find(h=>h.name===this._tool),i=this.hass.user,l=this.users.length?this.users:i?[{id:i.id,name:i.name}]:[];return o`
      <div class="card">
        <h2>${n(e,"tabs.bench")}</h2>
        <p class="secondary">${n(e,"bench.intro")}</p>
        <div class="pickers">
          <label
            >${n(e,"bench.api")}
            <select name="api" @change=${this._apiChanged}>
              ${this._apis.apis.filter(h=>h.tools!==null).map(h=>o`<option value=${h.id} ?selected=${h.id===this._api}>
                      ${h.hub?h.name:n(e,"bench.not_a_hub",{api:h.name})}
                    </option>`)}
            </select></label
          >
          <label
            >${n(e,"activity.tool")}
            <select
              name="tool"
              @change=${h=>this._selectTool(h.target.value)}
            >
              ${t.map(h=>o`<option value=${h.name} ?selected=${h.name===this._tool}>
                    ${h.name}
                  </option>`)}
            </select></label
          >
          <label
            >${n(e,"bench.run_as")}
            <select
              name="user"
              @change=${this._userChanged}
            >
              ${l.map(h=>o`<option value=${h.id} ?selected=${h.id===this._user}>
                    ${h.id===i?.id?n(e,"common.you",{name:h.name}):h.name}
                  </option>`)}
            </select></label
          >
        </div>
      </div>
      ${r?o`<div class="card">
            <h2>${r.title||r.name}</h2>
            <p>${r.description}</p>
            <llm-hub-schema-form
              .hass=${this.hass}
              .schema=${r.parameters}
              .selectors=${r.selectors??{}}
              @value-changed=${this._argsChanged}
            ></llm-hub-schema-form>
            ${this._argsError?o`<div class="alert error">${this._argsError}</div>`:d}
            <button
              class="primary run"
              ?disabled=${this._running||!!this._argsError}
              @click=${this._run}
            >
              ${n(e,this._running?"bench.running":"bench.run")}
            </button>
          </div>`:this._description?o`<div class="card secondary no-tools">
              ${this._description.served===!1?n(e,"bench.not_served",{user:H(e,this.users,this._description.user_id)}):n(e,"bench.no_tools")}
            </div>`:d}
      ${this._error?o`<div class="alert error result-error">${this._error}</div>`:d}
      ${this._result?this._renderResult(this._result):d}
    `}_renderResult(e){let t=JSON.stringify(e.result.data),r=this._apis?.chars_per_token??4,i=Jt(e.result.data),l=this.hass;return o`<div class="card result">
      <h2>${n(l,"bench.result")}</h2>
      <div class="figures">
        <div class="figure">
          <div class="value">
            ${i?o`<span class="badge error refusal">${n(l,"outcome.refused")}</span>`:Ce(l,e.outcome)}
          </div>
          <div class="label">${n(l,"bench.outcome")}</div>
        </div>
        <div class="figure">
          <div class="value duration">${n(l,"common.ms",{ms:g(l,e.duration_ms)})}</div>
          <div class="label">${n(l,"bench.time")}</div>
        </div>
        <div class="figure">
          <div class="value">${g(l,Math.ceil(t.length/r))}</div>
          <div class="label">${n(l,"hub.figure_tokens")}</div>
        </div>
      </div>
      ${i?o`<div class="alert refusal-text">
            ${n(l,"bench.refusal")}
            <div class="secondary answer">
              <q>${e.result.data.error_text??""}</q>
            </div>
          </div>`:d}
      <div class="secondary">${n(l,"bench.data")}</div>
      <pre class="data">${JSON.stringify(e.result.data,null,2)}</pre>
      <div class="secondary">${n(l,"bench.model_reads",{chars:g(l,t.length)})}</div>
      <pre class="read">${t}</pre>
    </div>`}async _userChanged(e){this._autoUser=!1,this._user=e.target.value;try{await this._loadApi(this._api,this._tool,void 0,!0)}catch(t){this._error=A(t)}}async _apiChanged(e){try{await this._loadApi(e.target.value)}catch(t){this._error=A(t)}}_argsChanged(e){this._argsError=e.detail.error,e.detail.value&&(this._args=e.detail.value)}async _run(){this._running=!0,this._result=void 0,this._error=void 0;try{this._result=await this.hass.callWS({type:"llm_hub/tool/call",api_id:this._api,tool_name:this._tool,tool_args:this._args,user_id:this._user||void 0})}catch(e){this._error=A(e)}finally{this._running=!1}}};k.styles=[w,$`
      .refusal-text .answer {
        margin-top: 4px;
      }
      .pickers {
        display: flex;
        flex-wrap: wrap;
        gap: 16px;
      }
      .pickers label {
        display: flex;
        flex-direction: column;
        gap: 4px;
        color: var(--secondary-text-color);
      }
      .pickers select {
        min-width: 220px;
        max-width: 420px;
      }
    `],c([_({attribute:!1})],k.prototype,"hass",2),c([_({attribute:!1})],k.prototype,"users",2),c([_()],k.prototype,"apiId",2),c([_()],k.prototype,"toolName",2),c([m()],k.prototype,"_apis",2),c([m()],k.prototype,"_description",2),c([m()],k.prototype,"_api",2),c([m()],k.prototype,"_tool",2),c([m()],k.prototype,"_user",2),c([m()],k.prototype,"_args",2),c([m()],k.prototype,"_argsError",2),c([m()],k.prototype,"_running",2),c([m()],k.prototype,"_result",2),c([m()],k.prototype,"_error",2),c([yt("llm-hub-schema-form")],k.prototype,"_form",2),k=c([x("llm-hub-bench")],k)});var V,Vt=f(()=>{"use strict";T();P();U();C();F();V=class extends v{constructor(){super(...arguments);this.entryId=""}willUpdate(e){e.has("entryId")&&this.entryId&&(this._limits=void 0,this._load())}async _load(){try{this._limits=await this.hass.callWS({type:"llm_hub/hub/limits",entry_id:this.entryId}),this._error=void 0}catch(e){this._error=A(e)}}render(){let e=this.hass,t=this._limits;return o`<div class="card limits">
      <div class="toolbar">
        <h2 class="grow">${n(e,"limits.title")}</h2>
        <button class="refresh" @click=${()=>this._load()}>${n(e,"common.refresh")}</button>
      </div>
      ${this._error?o`<div class="alert error">${this._error}</div>`:t?this._body(t):o`<div class="secondary">${n(e,"common.loading")}</div>`}
    </div>`}_body(e){let t=this.hass;if(e.calls_per_minute===null&&e.changes_per_hour===null)return o`<p class="secondary">${n(t,"limits.none")}</p>`;let r=i=>i===null?n(t,"limits.no_limit"):g(t,i);return o`
      <ul class="set">
        <li>${n(t,"limits.calls_per_minute",{limit:r(e.calls_per_minute)})}</li>
        <li>${n(t,"limits.changes_per_hour",{limit:r(e.changes_per_hour)})}</li>
      </ul>
      ${e.loaded?o`${e.calls_per_minute!==null?this._table("calls",n(t,"limits.calls"),e.calls,e.calls_per_minute,!0):d}
            ${e.changes_per_hour!==null?this._table("changes",n(t,"limits.changes"),e.changes,e.changes_per_hour,!1):d}
            <p class="refusals">
              <strong>${n(t,"limits.refusals",{count:e.refusals})}</strong>
            </p>
            <p class="secondary">${n(t,"limits.counted")}</p>`:o`<p class="secondary">${n(t,"limits.not_loaded")}</p>`}
    `}_table(e,t,r,i,l){let h=this.hass;return o`<h3>${t}</h3>
      ${r.length?o`<div class="table-wrap">
            <table data-part=${e}>
              <thead>
                <tr>
                  <th>${n(h,"limits.col_user")}</th>
                  ${l?o`<th>${n(h,"limits.col_tool")}</th>`:d}
                  <th class="number">${n(h,"limits.col_count")}</th>
                </tr>
              </thead>
              <tbody>
                ${r.map(p=>o`<tr>
                    <td>${Se(h,p.user_id,p.user_name)}</td>
                    ${l?o`<td><code>${p.tool_name}</code></td>`:d}
                    <td class="number ${p.count>=i?"full":""}">
                      ${n(h,"limits.of_limit",{count:p.count,limit:i})}
                    </td>
                  </tr>`)}
              </tbody>
            </table>
          </div>`:o`<p class="secondary">${n(h,"limits.nothing")}</p>`}`}};V.styles=[w,$`
      .toolbar h2 {
        margin: 0;
      }
      h3 {
        margin: 12px 0 4px;
        font-size: 16px;
        font-weight: 500;
      }
      ul.set {
        margin: 0 0 8px;
        padding-left: 20px;
      }
      td.full {
        color: var(--error-color, #db4437);
        font-weight: 500;
      }
    `],c([_({attribute:!1})],V.prototype,"hass",2),c([_()],V.prototype,"entryId",2),c([m()],V.prototype,"_limits",2),c([m()],V.prototype,"_error",2),V=c([x("llm-hub-limits")],V)});var B,Bt=f(()=>{"use strict";T();P();U();C();F();B=class extends v{constructor(){super(...arguments);this.entryId=""}willUpdate(e){e.has("entryId")&&this.entryId&&(this._hub=void 0,this._load())}async _load(){try{let{hubs:e}=await this.hass.callWS({type:"llm_hub/shadow/list"});this._hub=e.find(t=>t.entry_id===this.entryId)??null,this._error=void 0,this._hub&&Ee(this.hass,new Set(this._hub.calls.map(t=>t.platform)))}catch(e){this._error=A(e)}}render(){let e=this.hass;if(this._error)return o`<div class="alert error">${this._error}</div>`;let t=this._hub;return t?o`<div class="card shadow">
      <div class="toolbar">
        <h2 class="grow">${n(e,"shadow.title")}</h2>
        <button class="refresh" @click=${()=>this._load()}>${n(e,"common.refresh")}</button>
      </div>
      <p>${n(e,"shadow.intro",{since:te(e,t.since)})}</p>
      ${t.calls.length?o`<div class="table-wrap">
            <table>
              <thead>
                <tr>
                  <th>${n(e,"shadow.col_time")}</th>
                  <th>${n(e,"shadow.col_tool")}</th>
                  <th>${n(e,"shadow.col_user")}</th>
                  <th>${n(e,"shadow.col_would")}</th>
                  <th>${n(e,"shadow.col_why")}</th>
                  <th>${n(e,"shadow.col_acts_on")}</th>
                </tr>
              </thead>
              <tbody>
                ${t.calls.map(r=>this._row(r))}
              </tbody>
            </table>
          </div>`:o`<p class="secondary">${n(e,"shadow.none")}</p>`}
    </div>`:d}_row(e){let t=this.hass,r=[...e.targets,...e.targets_more?[n(t,"approvals.acts_on_more",{count:g(t,e.targets_more)})]:[],...e.targets_unmatched?[n(t,"approvals.acts_on_nothing",{given:e.targets_unmatched})]:[]];return o`<tr data-tool=${e.tool_name}>
      <td>${te(t,e.time)}</td>
      <td><code>${j(e.tool_name)}</code></td>
      <td>
        ${Se(t,e.user_id,e.user_name)}
        <div class="secondary">${ae(t,e.platform,e.agent_id)}</div>
      </td>
      <td>
        ${e.would==="refuse"?o`<span class="badge error">${n(t,"shadow.would_refuse")}</span>`:o`<span class="badge warning">${n(t,"shadow.would_ask")}</span>`}
      </td>
      <td class="why">
        ${e.reason_key?n(t,`reason.${e.reason_key}`):e.reason}
        ${e.when?o`<div class="secondary">${n(t,"hub.confirm_when",{conditions:e.when})}</div>`:d}
      </td>
      <td>${r.length?r.map(i=>o`<div>${i}</div>`):"–"}</td>
    </tr>`}};B.styles=[w,$`
      .toolbar h2 {
        margin: 0;
      }
      .card.shadow {
        border-left: 4px solid var(--warning-color, #ffa600);
      }
      td.why {
        min-width: 160px;
        max-width: 320px;
      }
    `],c([_({attribute:!1})],B.prototype,"hass",2),c([_()],B.prototype,"entryId",2),c([m()],B.prototype,"_hub",2),c([m()],B.prototype,"_error",2),B=c([x("llm-hub-shadow")],B)});var xs,Pe,ws,S,Kt=f(()=>{"use strict";T();P();Vt();Ze();Bt();U();C();oe();F();xs="llm_hub-",Pe=100,ws=["apis","tools","scope","safety","overrides","limits","search"],S=class extends v{constructor(){super(...arguments);this.users=[];this.apiId="";this.prefix="";this._filter="";this._showHidden=!0;this._rows=Pe;this._providers={};this._timer=new I(this)}willUpdate(e){e.has("apiId")&&this.apiId&&(this._timer.restart(),this._description=void 0,this._providers={},this._open=void 0,this._rows=Pe,this._load())}async _load(){try{this._description=await this.hass.callWS({type:"llm_hub/api/describe",api_id:this.apiId}),this._error=void 0}catch(e){this._error=A(e)}await this._timer.done()}render(){let e=this.hass;if(this._error)return o`<div class="alert error">${this._error}</div>`;let t=this._description;if(!t)return o`<div class="secondary">${n(e,"common.loading")}</div>`;let{api:r,size:i,search:l}=t,h=t.tools.filter(u=>u.hidden).length,p=r.hub?r.id.slice(xs.length):void 0;return o`
      <div class="card">
        <div class="toolbar">
          <h2 class="grow">${r.name}</h2>
          <a href=${`${this.prefix}/bench?api=${encodeURIComponent(r.id)}`} @click=${M}
            ><button>${n(e,"tabs.bench")}</button></a
          >
        </div>
        ${t.user_id!==e.user?.id?o`<div class="alert shown-as">
              ${n(e,"hub.shown_as",{user:H(e,this.users,t.user_id)})}
            </div>`:d}
        <div class="figures">
          ${this._figure(g(e,i.tools),n(e,"hub.figure_listed"))}
          ${l?this._figure(g(e,l.reachable),n(e,"hub.figure_reachable")):d}
          ${r.hub?this._figure(g(e,h),n(e,"hub.figure_hidden")):d}
          ${this._figure(g(e,i.prompt_chars+i.tools_chars),n(e,"hub.figure_chars"))}
          ${this._figure(g(e,i.tokens),n(e,"hub.figure_tokens"))}
          ${i.max_tools!==void 0?this._figure(g(e,i.max_tools),n(e,"hub.figure_limit")):d}
        </div>
        ${l?o`<p class="mode">
              ${O(e,"hub.mode",{mode:o`<strong>${Te(e,l)}</strong>`})}
              ${l.active?n(e,l.listed>l.meta_tools.length?"hub.mode_searching_pinned":"hub.mode_searching",{listed:g(e,l.listed),meta:l.meta_tools.join(", "),reachable:g(e,l.reachable)}):n(e,"hub.mode_all",{listed:g(e,l.listed)})}
            </p>`:d}
        ${i.over_limit?o`<div class="alert">
              ${n(e,"hub.over_limit",{api:r.name,tools:g(e,i.tools),limit:g(e,i.max_tools)})}
            </div>`:d}
        ${i.over_client_limit?o`<div class="alert client-limit">
              ${n(e,"hub.over_client",{api:r.name,tools:g(e,i.tools),limit:g(e,i.client_limit)})}
              ${r.hub?n(e,"hub.over_client_hub"):""}
            </div>`:d}
        <div class="secondary">
          <code>${r.id}</code> ·
          ${n(e,"hub.tokens",{estimator:n(e,"common.estimator",{chars:g(e,Number(/\d+(\.\d+)?/.exec(i.estimator)?.[0]??4.2))})})}
        </div>
        ${p?o`<p>
              ${n(e,"hub.options")}
              ${ws.map((u,b)=>o`${b?" · ":""}<a
                    href=${`/config/integrations/integration/llm_hub#config_entry=${p}`}
                    title=${n(e,"hub.options_path",{hub:r.name,step:fe(e,u)})}
                    @click=${M}
                    >${fe(e,u)}</a
                  >`)}
            </p>`:d}
      </div>
      ${p?o`<llm-hub-shadow .hass=${this.hass} .entryId=${p}></llm-hub-shadow>
            <llm-hub-scope .hass=${this.hass} .entryId=${p}></llm-hub-scope>
            <llm-hub-limits .hass=${this.hass} .entryId=${p}></llm-hub-limits>`:d}
      <div class="card">
        <h2>${n(e,"hub.prompt")}</h2>
        <p class="secondary">${n(e,"hub.prompt_help")}</p>
        <pre class="prompt">${t.prompt||n(e,"hub.no_prompt")}</pre>
      </div>
      <div class="card tools-card">
        <h2>${n(e,"hub.tools")}</h2>
        <div class="toolbar">
          <input
            class="grow"
            type="search"
            placeholder=${n(e,"hub.filter")}
            .value=${this._filter}
            @input=${u=>this._filter=u.target.value}
          />
          ${r.hub?o`<label
                ><input
                  type="checkbox"
                  .checked=${this._showHidden}
                  @change=${u=>this._showHidden=u.target.checked}
                />
                ${n(e,"hub.show_hidden")}</label
              >`:d}
        </div>
        ${this._toolsTable(t.tools,r.hub,!!l?.active)}
      </div>
    `}_figure(e,t){return o`<div class="figure">
      <div class="value">${e}</div>
      <div class="label">${t}</div>
    </div>`}_toolsTable(e,t,r){let i=this.hass,l=this._filter.trim().toLowerCase(),h=e.filter(p=>(this._showHidden||!p.hidden)&&(!l||[p.name,p.original_name,p.source.integration,p.source.api,p.source.api_name].some(u=>u?.toLowerCase().includes(l))));return o`<div class="table-wrap"><table class="tools">
      <thead>
        <tr>
          <th>${n(i,"hub.col_name")}</th>
          ${r?o`<th>${n(i,"hub.col_model_gets")}</th>`:d}
          <th>${n(i,"hub.col_original")}</th>
          <th>${n(i,"hub.col_annotations")}</th>
          ${t?o`<th>${n(i,"hub.col_confirmation")}</th>
                <th>${n(i,"hub.col_hidden")}</th>
                <th>${n(i,"hub.col_schema")}</th>`:d}
          <th class="number">${n(i,"hub.col_tokens")}</th>
        </tr>
      </thead>
      <tbody>
        ${h.slice(0,this._rows).map(p=>this._toolRow(p,t,r))}
      </tbody>
    </table></div>
    ${h.length===0?o`<p class="secondary">${n(i,"hub.no_match")}</p>`:d}
    ${h.length>this._rows?o`<div class="toolbar more">
          <span class="secondary grow"
            >${n(i,l?"hub.showing_match":"hub.showing",{shown:g(i,this._rows),total:g(i,h.length)})}</span
          >
          <button class="show-more" @click=${()=>this._rows+=Pe}>
            ${n(i,"hub.show_more",{count:g(i,Math.min(Pe,h.length-this._rows))})}
          </button>
          <button class="show-all" @click=${()=>this._rows=h.length}>
            ${n(i,"hub.show_all")}
          </button>
        </div>`:d}`}_toolRow(e,t,r){let i=this.hass,l=e.key??e.name,h=this._open===l,p=(t?7:4)+(r?1:0);return o`<tr
        class="clickable ${e.hidden?"hidden-tool":""} ${h?"open":""}"
        data-tool=${e.name}
        @click=${()=>this._toggle(e)}
      >
        <td>
          <code>${j(e.hidden?e.key??e.name:e.name)}</code>
          ${e.title?o`<div class="secondary">${e.title}</div>`:d}
        </td>
        ${r?o`<td class="listing">${this._listing(e)}</td>`:d}
        <td>
          <code>${j(e.original_name)}</code>
          <div class="secondary">${this._source(e)}</div>
        </td>
        <td>${It(i,e.annotations)}</td>
        ${t?o`<td>
                ${e.confirm?o`<span class="badge warning">${n(i,"hub.needs_confirmation")}</span>
                      ${e.confirm_reason?o`<div class="secondary">
                            ${this._reason(e.confirm_key,e.confirm_reason)}
                          </div>`:d}
                      ${e.confirm_when?.length?o`<div class="secondary">
                            ${n(i,"hub.confirm_when",{conditions:e.confirm_when.map(u=>u.known?u.text:n(i,"hub.condition_unknown",{condition:u.text})).join(", ")})}
                          </div>`:d}`:d}
              </td>
              <td class="reason">
                ${e.hidden?o`<span class="badge">${n(i,"hub.hidden_badge")}</span>
                      ${this._reason(e.hidden_key,e.hidden)}`:d}
              </td>
              <td>
                ${e.schema_fixes?.length?o`<span class="badge info" title=${e.schema_fixes.join(`
`)}
                      >${n(i,"hub.changes",{count:e.schema_fixes.length})}</span
                    >`:d}
              </td>`:d}
        <td class="number">${g(i,e.size.tokens)}</td>
      </tr>
      ${h?o`<tr class="details">
            <td colspan=${p}>${this._details(e)}</td>
          </tr>`:d}`}_reason(e,t){return e?n(this.hass,`reason.${e}`):t}_listing(e){let t=this.hass;return e.hidden?d:e.meta?o`<span class="badge info">${n(t,"hub.listed_meta")}</span>`:e.listed?o`<span class="badge info">${n(t,"hub.listed")}</span>`:o`<span class="badge">${n(t,"hub.through_search")}</span>`}_source(e){let t=this.hass,r=e.source.api_name??e.source.api??"";if(e.meta)return n(t,"hub.source_meta",{api:r});let{integration:i}=e.source;return r&&i?n(t,"hub.source_integration_api",{integration:i,api:r}):r?n(t,"hub.source_api",{api:r}):i?n(t,"hub.source_contributed",{integration:i}):""}_details(e){let t=this.hass,r=this._providers[e.name];return o`
      <p>
        ${e.description||o`<span class="secondary">${n(t,"hub.no_description")}</span>`}
      </p>
      ${e.schema_fixes?.length?o`<div class="secondary">${n(t,"hub.schema_changes")}</div>
            <ul>
              ${e.schema_fixes.map(i=>o`<li>${i}</li>`)}
            </ul>`:d}
      ${e.parameters_error?o`<div class="alert error">
            ${n(t,"hub.parameters_error",{error:e.parameters_error})}
          </div>`:o`<div class="secondary">${n(t,"hub.parameters")}</div>
            <pre>${JSON.stringify(e.parameters,null,2)}</pre>`}
      ${!e.hidden&&!e.listed?o`<p class="secondary">${n(t,"hub.behind_search")}</p>`:d}
      ${e.hidden||!e.listed?d:o`<div class="toolbar">
              <a
                href=${`${this.prefix}/bench?api=${encodeURIComponent(this.apiId)}&tool=${encodeURIComponent(e.name)}`}
                @click=${M}
                ><button class="primary">${n(t,"hub.try_it")}</button></a
              >
            </div>
            <div class="secondary">${n(t,"hub.providers")}</div>
            ${r===void 0?o`<div class="secondary">${n(t,"common.loading")}</div>`:typeof r=="string"?o`<div class="alert error">${r}</div>`:o`<div class="providers">
                    ${Object.entries(r.providers).map(([i,l])=>o`<div class="provider" data-provider=${i}>
                        <strong>${l.name}</strong>
                        ${l.error?o`<div class="secondary">${l.error}</div>`:o`<pre>${JSON.stringify(l.definition,null,2)}</pre>`}
                      </div>`)}
                  </div>`}`}
    `}async _toggle(e){let t=e.key??e.name;if(this._open=this._open===t?void 0:t,!(!this._open||e.hidden||!e.listed||this._providers[e.name]!==void 0))try{let r=await this.hass.callWS({type:"llm_hub/tool/providers",api_id:this.apiId,tool_name:e.name});this._providers={...this._providers,[e.name]:r}}catch(r){this._providers={...this._providers,[e.name]:A(r)}}}};S.styles=[w,$`
      .prompt {
        max-height: 240px;
      }
      tr,
      .tools-card {
        scroll-margin-top: calc(var(--header-height, 56px) + 8px);
      }
      td.reason {
        min-width: 160px;
        max-width: 280px;
      }
      .providers {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
        gap: 8px;
      }
      .provider pre {
        max-height: 360px;
      }
      tr.details > td {
        background: var(--secondary-background-color);
      }
      tr.details pre {
        background: var(--card-background-color, var(--primary-background-color));
      }
    `],c([_({attribute:!1})],S.prototype,"hass",2),c([_({attribute:!1})],S.prototype,"users",2),c([_()],S.prototype,"apiId",2),c([_()],S.prototype,"prefix",2),c([m()],S.prototype,"_description",2),c([m()],S.prototype,"_error",2),c([m()],S.prototype,"_filter",2),c([m()],S.prototype,"_showHidden",2),c([m()],S.prototype,"_open",2),c([m()],S.prototype,"_rows",2),c([m()],S.prototype,"_providers",2),S=c([x("llm-hub-view")],S)});var J,Gt=f(()=>{"use strict";T();P();U();C();oe();F();J=class extends v{constructor(){super(...arguments);this.users=[];this.prefix="";this._timer=new I(this)}connectedCallback(){super.connectedCallback(),this._timer.restart(),this._load()}async _load(){try{this._list=await this.hass.callWS({type:"llm_hub/apis/list"}),this._error=void 0}catch(e){this._error=A(e)}await this._timer.done()}render(){let e=this.hass;if(this._error)return o`<div class="alert error">${this._error}</div>`;if(!this._list)return o`<div class="secondary">${n(e,"common.loading")}</div>`;let t=this._list.apis.filter(i=>i.hub),r=this._list.apis.filter(i=>!i.hub);return o`
      <div class="card">
        <h2>${n(e,"hubs.title")}</h2>
        ${t.length?this._table(t,!0):o`<p class="secondary">${n(e,"hubs.none")}</p>`}
      </div>
      <div class="card">
        <h2>${n(e,"hubs.others")}</h2>
        ${this._table(r,!1)}
      </div>
      <p class="secondary">
        ${n(e,"hubs.sizes",{estimator:n(e,"common.estimator",{chars:g(e,this._list.chars_per_token)}),since:te(e,this._list.since)})}
        <button @click=${this._reload}>${n(e,"common.refresh")}</button>
      </p>
    `}_table(e,t){let r=this.hass;return o`<div class="table-wrap"><table>
      <thead>
        <tr>
          <th>${n(r,"hubs.name")}</th>
          ${t?o`<th>${n(r,"hubs.tool_mode")}</th>`:d}
          <th class="number">${n(r,t?"hubs.tools_listed":"hubs.tools")}</th>
          ${t?o`<th class="number">${n(r,"hubs.reachable")}</th>
                <th class="number">${n(r,"hubs.hidden")}</th>`:d}
          <th class="number">${n(r,"hubs.characters")}</th>
          <th class="number">${n(r,"hubs.tokens")}</th>
          ${t?o`<th>${n(r,"hubs.warnings")}</th>
                <th class="number">${n(r,"hubs.calls")}</th>`:d}
        </tr>
      </thead>
      <tbody>
        ${e.map(i=>o`<tr
            class="clickable"
            data-api=${i.id}
            @click=${()=>Ge(`${this.prefix}/hub/${encodeURIComponent(i.id)}`)}
          >
            <td>
              <a href=${`${this.prefix}/hub/${encodeURIComponent(i.id)}`} @click=${M}
                >${i.name}</a
              >
              <div class="secondary"><code class="api-id">${i.id}</code></div>
              ${i.as_user!==r.user?.id?o`<div class="secondary as-user">
                    ${n(r,"hubs.as_user",{user:H(r,this.users,i.as_user)})}
                  </div>`:d}
            </td>
            ${t?o`<td class="mode">${Te(r,i.search)}</td>`:d}
            <td class="number">${g(r,i.tools)}</td>
            ${t?o`<td class="number">${g(r,i.search?.reachable)}</td>
                  <td class="number">${g(r,i.hidden)}</td>`:d}
            <td class="number">
              ${i.prompt_chars===null?"–":g(r,(i.prompt_chars??0)+(i.tools_chars??0))}
            </td>
            <td class="number">${g(r,i.tokens)}</td>
            ${t?o`<td class="warnings">${this._warnings(i)}</td>
                  <td class="number">${g(r,i.calls_24h)}</td>`:d}
          </tr>`)}
      </tbody>
    </table></div>`}_warnings(e){let t=this.hass,r=g(t,this._list.client_limit),i=n(t,`entry_state.${e.state}`);return o`
      ${e.state!=="loaded"?o`<span class="badge error"
            >${i===`entry_state.${e.state}`?e.state.replaceAll("_"," "):i}</span
          >`:d}
      ${e.error?o`<span class="badge error" title=${e.error}>${n(t,"hubs.cannot_build")}</span>`:d}
      ${e.over_limit?o`<span class="badge warning" title=${n(t,"hubs.over_limit_title")}
            >${n(t,"hubs.over_limit",{limit:g(t,e.max_tools)})}</span
          >`:d}
      ${e.over_client_limit?o`<span class="badge warning" title=${n(t,"hubs.over_client_title",{limit:r})}
            >${n(t,"hubs.over_client",{limit:r})}</span
          >`:d}
      ${e.repairs.length?o`<a href="/config/repairs" @click=${M}
            ><span class="badge warning"
              >${n(t,"hubs.repairs",{count:e.repairs.length})}</span
            ></a
          >`:d}
    `}_reload(){this._timer.restart(),this._load()}};J.styles=w,c([_({attribute:!1})],J.prototype,"hass",2),c([_({attribute:!1})],J.prototype,"users",2),c([_()],J.prototype,"prefix",2),c([m()],J.prototype,"_list",2),c([m()],J.prototype,"_error",2),J=c([x("llm-hub-hubs")],J)});var K,Xt=f(()=>{"use strict";T();P();U();C();K=class extends v{constructor(){super(...arguments);this.prefix="/llm_hub";this._hubs=[]}willUpdate(e){this.hass&&(e.has("route")||!this.hasUpdated)&&this._load()}async _load(){try{let{hubs:e}=await this.hass.callWS({type:"llm_hub/shadow/list"});this._hubs=e}catch{this._hubs=[]}}render(){if(!this.hass||!this._hubs.length)return d;let e=this._hubs.map((t,r)=>o`${r?", ":""}<a
          href=${`${this.prefix}/hub/${encodeURIComponent(t.api_id)}`}
          @click=${M}
          ><strong>${t.name}</strong></a
        >`);return o`<div class="alert" role="status">
      ${O(this.hass,"shadow.banner",{hubs:o`${e}`})}
    </div>`}};K.styles=[w,$`
      .alert {
        margin: 16px 16px 0;
      }
    `],c([_({attribute:!1})],K.prototype,"hass",2),c([_({attribute:!1})],K.prototype,"route",2),c([_()],K.prototype,"prefix",2),c([m()],K.prototype,"_hubs",2),K=c([x("llm-hub-shadow-banner")],K)});var Zt,se,Yt=f(()=>{"use strict";T();P();U();C();Zt="cd250b6c51da",se=class extends v{constructor(){super(...arguments);this._onReady=()=>{this._check()}}connectedCallback(){super.connectedCallback(),this._listen()}disconnectedCallback(){super.disconnectedCallback(),this._connection?.removeEventListener("ready",this._onReady),this._connection=void 0}willUpdate(){this.hass&&this.hass.connection!==this._connection&&this._listen()}_listen(){!this.hass||!this.isConnected||(this._connection?.removeEventListener("ready",this._onReady),this._connection=this.hass.connection,this._connection.addEventListener("ready",this._onReady),this._check())}async _check(){try{let e=await this.hass.callWS({type:"llm_hub/panel/build"});this._backend=e.build??void 0}catch{}}updated(){this.dataset.build=Zt,this.dataset.backend=this._backend??""}render(){return!this._backend||this._backend===Zt?d:o`<div class="alert" role="alert">
      <span>${n(this.hass,"update.message")}</span>
      <button class="primary" @click=${()=>location.reload()}>${n(this.hass,"update.reload")}</button>
    </div>`}};se.styles=[w,$`
      .alert {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        justify-content: space-between;
        gap: 12px;
        margin: 16px 16px 0;
      }
    `],c([_({attribute:!1})],se.prototype,"hass",2),c([m()],se.prototype,"_backend",2),se=c([x("llm-hub-update-banner")],se)});var Qt={};ts(Qt,{LlmHubPanel:()=>D});var As,D,Lt=f(()=>{"use strict";T();P();U();C();Dt();zt();Ft();Kt();Gt();Xt();Yt();As=["hubs","bench","activity","approvals"],D=class extends v{constructor(){super(...arguments);this.narrow=!1;this._users=[];this._words=!1;this._usersLoaded=!1}get _approvalsOnly(){return this.panel?.config?.view==="approvals"}willUpdate(e){e.has("hass")&&this.hass&&!Ct(this.hass)?this._loadWords():this.hass&&!this._words&&(this._words=!0),e.has("hass")&&this.hass&&!this._usersLoaded&&this.hass.user?.is_admin&&(this._usersLoaded=!0,this._loadUsers())}async _loadWords(){try{await Rt(this.hass)}finally{this._words=!0}}async _loadUsers(){try{let e=await this.hass.callWS({type:"config/auth/list"});this._users=e.filter(t=>t.is_active&&!t.system_generated)}catch{this._users=[]}}get _parts(){return(this.route?.path??"").split("?")[0].split("/").filter(t=>t).map(t=>decodeURIComponent(t))}get _prefix(){return this.route?.prefix??"/llm_hub"}render(){if(!this.hass||!this._words)return d;let e=this.narrow?o`<button class="menu" title=${n(this.hass,"common.sidebar")} @click=${this._toggleMenu}>
          ☰
        </button>`:d;if(this._approvalsOnly)return o`
        <header>
          ${e}
          <div class="title">${n(this.hass,"approvals.panel_title")}</div>
        </header>
        <llm-hub-update-banner .hass=${this.hass}></llm-hub-update-banner>
        <main>
          <llm-hub-approvals
            .hass=${this.hass}
            .users=${this._users}
            .hubLinks=${!1}
          ></llm-hub-approvals>
        </main>
      `;let[t="hubs",r]=this._parts,i=t==="hub"?"hubs":t;return o`
      <header>
        ${e}
        <div class="title">LLM Hub</div>
        <nav>
          ${As.map(l=>o`<a
              class=${l===i?"tab active":"tab"}
              href=${`${this._prefix}/${l}`}
              data-tab=${l}
              @click=${M}
              >${n(this.hass,`tabs.${l}`)}</a
            >`)}
        </nav>
      </header>
      <llm-hub-update-banner .hass=${this.hass}></llm-hub-update-banner>
      <llm-hub-shadow-banner
        .hass=${this.hass}
        .route=${this.route}
        .prefix=${this._prefix}
      ></llm-hub-shadow-banner>
      <main>${this._view(t,r)}</main>
    `}_view(e,t){let r=new URLSearchParams(window.location.search);switch(e){case"hub":return o`<llm-hub-view
          .hass=${this.hass}
          .users=${this._users}
          .apiId=${t??""}
          .prefix=${this._prefix}
        ></llm-hub-view>`;case"bench":return o`<llm-hub-bench
          .hass=${this.hass}
          .users=${this._users}
          .apiId=${r.get("api")??""}
          .toolName=${r.get("tool")??""}
        ></llm-hub-bench>`;case"activity":return o`<llm-hub-activity .hass=${this.hass} .users=${this._users}></llm-hub-activity>`;case"approvals":return o`<llm-hub-approvals
          .hass=${this.hass}
          .users=${this._users}
          .prefix=${this._prefix}
        ></llm-hub-approvals>`;default:return o`<llm-hub-hubs
          .hass=${this.hass}
          .users=${this._users}
          .prefix=${this._prefix}
        ></llm-hub-hubs>`}}_toggleMenu(){this.dispatchEvent(new CustomEvent("hass-toggle-menu",{bubbles:!0,composed:!0}))}};D.styles=[w,$`
      :host {
        min-height: 100vh;
        background: var(--primary-background-color);
      }
      header {
        display: flex;
        align-items: center;
        gap: 16px;
        height: var(--header-height, 56px);
        padding: 0 16px;
        background: var(--app-header-background-color, var(--primary-color));
        color: var(--app-header-text-color, var(--text-primary-color, #fff));
        border-bottom: var(--app-header-border-bottom, none);
        position: sticky;
        top: 0;
        z-index: 2;
      }
      .title {
        font-size: 20px;
        margin-right: 16px;
      }
      .menu {
        background: none;
        border: none;
        color: inherit;
        font-size: 20px;
      }
      nav {
        display: flex;
        height: 100%;
        overflow-x: auto;
      }
      .tab {
        display: flex;
        align-items: center;
        padding: 0 14px;
        color: inherit;
        opacity: 0.8;
        border-bottom: 2px solid transparent;
        white-space: nowrap;
      }
      .tab:hover {
        text-decoration: none;
        opacity: 1;
      }
      .tab.active {
        opacity: 1;
        border-bottom-color: currentColor;
      }
      main {
        padding: 16px;
        max-width: 1400px;
        margin: 0 auto;
      }
      :host([narrow]) main {
        padding: 8px;
      }
    `],c([_({attribute:!1})],D.prototype,"hass",2),c([_({type:Boolean,reflect:!0})],D.prototype,"narrow",2),c([_({attribute:!1})],D.prototype,"route",2),c([_({attribute:!1})],D.prototype,"panel",2),c([m()],D.prototype,"_users",2),c([m()],D.prototype,"_words",2),D=c([x("llm-hub-panel")],D)});customElements.get("llm-hub-panel")||Promise.resolve().then(()=>(Lt(),Qt));
/*! Bundled license information:

@lit/reactive-element/css-tag.js:
  (**
   * @license
   * Copyright 2019 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

@lit/reactive-element/reactive-element.js:
lit-html/lit-html.js:
lit-element/lit-element.js:
@lit/reactive-element/decorators/custom-element.js:
@lit/reactive-element/decorators/property.js:
@lit/reactive-element/decorators/state.js:
@lit/reactive-element/decorators/event-options.js:
@lit/reactive-element/decorators/base.js:
@lit/reactive-element/decorators/query.js:
@lit/reactive-element/decorators/query-all.js:
@lit/reactive-element/decorators/query-async.js:
@lit/reactive-element/decorators/query-assigned-nodes.js:
  (**
   * @license
   * Copyright 2017 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

lit-html/is-server.js:
  (**
   * @license
   * Copyright 2022 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

@lit/reactive-element/decorators/query-assigned-elements.js:
  (**
   * @license
   * Copyright 2021 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)
*/
