pragma solidity ^0.4.24;

// Solidity 0.4's untyped `var p = m[k]` of a struct is a storage pointer; of a number it is a copy.
contract LegacyPointerVault {
    struct Account {
        uint256 balance;
        uint256 since;
    }

    mapping(address => Account) accounts;
    mapping(address => uint256) plain;

    function deposit() public payable {
        var acc = accounts[msg.sender];
        acc.balance += msg.value;
        plain[msg.sender] += msg.value;
    }

    function withdraw() public {
        var acc = accounts[msg.sender];
        uint256 amount = acc.balance;
        require(msg.sender.call.value(amount)()); // @expect reentrancy:reentrancy
        acc.balance = 0;
    }

    // Look-alike: `var amount` is a copy of a number; only the local is reset after the call.
    function withdrawPlain() public {
        var amount = plain[msg.sender];
        plain[msg.sender] = 0;
        require(msg.sender.call.value(amount)());
        amount = 0;
    }
}
